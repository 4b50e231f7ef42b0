// Which supplier a line is bought from (docs/suppliers.md#routing): of the offers of one shop
// product, the cheapest that is in stock, whose supplier is enabled, healthy, has request budget
// and a wallet that covers the line, ties broken by the owner's priority, then the budget left. Pure: quote and
// purchase give it what they read, and it answers the order to try them in and why each other
// offer was passed over (the order timeline and the staff page show those reasons).
import type { Decimal } from "@/lib/pricing/decimal";

/** One supplier's offer of the product: its own item code and its cost per unit, in the wallet currency. */
export type Offer = { supplier: string; itemCode: string; unitCost: Decimal; inStock: boolean };

/** What routing needs to know of a supplier right now. */
export type SupplierState = {
  name: string;
  /** Lower first, among offers of equal cost (the owner's setting). */
  priority: number;
  enabled: boolean;
  /** Paused after a 402, until a balance read shows enough. */
  paused: boolean;
  /** Its recent calls keep failing without an answer (health.ts), until it has been quiet a while. */
  failing: boolean;
  /** Whether its request budget can take a purchase now. */
  hasBudget: boolean;
  /** A 429 blocks its key past this minute (budget-state.ts): no quote takes a line there to wait. */
  blocked?: boolean;
  /**
   * A shopper's live check there would take a call its share or its waiting purchases need
   * (budget-state.ts): the quote prices the line from the fresh catalog instead.
   */
  checksYield?: boolean;
  /** Calls its request budget has left this minute (budget-state.ts); absent: nothing spent yet. */
  budgetLeft?: number;
  /** Its wallet estimate less its reserve; null when not known yet (then it is not ruled out). */
  walletAvailable: Decimal | null;
};

export type PassedOver = {
  supplier: string;
  reason:
    "unknown_supplier" | "disabled" | "out_of_stock" | "paused" | "failing" | "no_budget" | "wallet_short" | "tried";
};

export type Route = {
  /** The offers to try, best first; empty when none can be bought now. */
  candidates: Offer[];
  passedOver: PassedOver[];
};

function passOver(offer: Offer, state: SupplierState | undefined, quantity: number, tried: ReadonlySet<string>) {
  if (!state) return "unknown_supplier" as const;
  if (!state.enabled) return "disabled" as const;
  if (tried.has(offer.supplier)) return "tried" as const;
  if (!offer.inStock) return "out_of_stock" as const;
  if (state.paused) return "paused" as const;
  if (state.failing) return "failing" as const;
  if (!state.hasBudget) return "no_budget" as const;
  if (state.walletAvailable !== null && state.walletAvailable.lessThan(offer.unitCost.times(quantity)))
    return "wallet_short" as const;
  return null;
}

/**
 * The offers a line of `quantity` may be bought from, cheapest first (then by priority, then by the
 * request budget left this minute, then by supplier name, so the answer never depends on the order
 * offers were read in). `tried` names
 * the suppliers whose attempt for this line already ended in a definite failure.
 */
export function routeLine(
  offers: readonly Offer[],
  suppliers: readonly SupplierState[],
  quantity: number,
  tried: ReadonlySet<string> = new Set(),
): Route {
  const byName = new Map(suppliers.map((s) => [s.name, s]));
  const candidates: Offer[] = [];
  const passedOver: PassedOver[] = [];
  for (const offer of offers) {
    const reason = passOver(offer, byName.get(offer.supplier), quantity, tried);
    if (reason) passedOver.push({ supplier: offer.supplier, reason });
    else candidates.push(offer);
  }
  const priority = (o: Offer) => byName.get(o.supplier)!.priority;
  const left = (o: Offer) => byName.get(o.supplier)!.budgetLeft ?? Number.MAX_SAFE_INTEGER;
  // Equal cost and priority: the supplier with more of its minute left, so equal offers share the
  // load instead of all going to one name until its budget is spent.
  candidates.sort(
    (a, b) =>
      a.unitCost.comparedTo(b.unitCost) ||
      priority(a) - priority(b) ||
      left(b) - left(a) ||
      a.supplier.localeCompare(b.supplier),
  );
  return { candidates, passedOver };
}

/** The offer a line was already routed to: its supplier and that supplier's item code. */
export type KeptOffer = { supplier: string; itemCode: string };

/**
 * routeLine for a line already routed to `kept` (the offer its quote checked, or its order line's):
 * that offer stays first while it can be bought, so a line is bought from the supplier it was
 * quoted at unless that supplier became unable. A spent request budget is not unable — it comes
 * back within the minute and the purchase waits for it — so it never moves a routed line, which
 * would cost a second check at another supplier, at another cost (docs/suppliers.md#routing).
 */
export function routeKept(
  offers: readonly Offer[],
  suppliers: readonly SupplierState[],
  quantity: number,
  kept: KeptOffer,
): Route {
  const states = suppliers.map((s) => (s.name === kept.supplier ? { ...s, hasBudget: true } : s));
  const route = routeLine(offers, states, quantity);
  const at = route.candidates.findIndex((o) => o.supplier === kept.supplier && o.itemCode === kept.itemCode);
  if (at <= 0) return route;
  return { ...route, candidates: [route.candidates[at]!, ...route.candidates.filter((_, i) => i !== at)] };
}
