// One quote line's stock and price: what a fresh quote proof says (quote-proof.ts) when it still
// prices the line as the shopper saw it, else the upstream's live POST /orders/check — or, when
// shoppers' checks have spent their share of the budget or would take a call that purchases
// waiting at the supplier need, and the catalog row is fresh, the catalog's price and stock, at
// once (catalog-price.ts, docs/suppliers.md#purchases-waiting).
import "server-only";
import { Prisma } from "@/lib/db";
import { computeUnitPrice, type PricingRuleInput } from "@/lib/pricing/markup";
import { BudgetSpentError } from "@/lib/upstream/budget";
import { MAIN_SUPPLIER } from "@/lib/upstream/suppliers";
import type { Product } from "@prisma/client";
import { checkWithReuse } from "./check-cache";
import type { ProvenCheck } from "./quote-proof";
import { checkoutUpstreamWaitMs, ordersUpstream } from "../core/upstream-port";

export type LineCheck = {
  available: boolean;
  availableQuantity: number | null;
  unitCost: Prisma.Decimal;
  /** When the upstream said so (a reused check may be up to reuseChecksMs older than `now`); null: not asked. */
  checkedAt: Date | null;
  /** false: priced from the catalog because the check share was spent (the margin takes a buffer). */
  liveChecked: boolean;
};

/** What a line may fall back to without a live check: its catalog row, when fresh enough. */
export type CatalogFallback = {
  product: Pick<Product, "inStock">;
  /** The cost the catalog prices it at, read only when the fallback is taken. */
  cost: () => Promise<Prisma.Decimal>;
  isFresh: (product: Pick<Product, "inStock">) => Promise<boolean>;
};

/**
 * The proof's answer, unless the pricing rules changed since it was signed (its cost would no
 * longer give the price shown: then the upstream is asked again, as without a proof); errors
 * from the upstream are thrown as the client throws them. With a `catalog` fallback, a check
 * the budget cannot serve now is not waited for when the catalog row is fresh.
 */
export async function checkLine(
  item: { itemCode: string; quantity: number },
  rule: PricingRuleInput,
  opts: {
    now: Date;
    proven?: ProvenCheck;
    signal?: AbortSignal;
    reuseChecksMs?: number;
    catalog?: CatalogFallback;
    /** The offer to check (docs/suppliers.md#routing); absent: main's row of this item code. */
    offer?: { supplier: string; itemCode: string };
    /** Whether a check at the offer's supplier would take a call its waiting purchases need now. */
    checksYield?: () => Promise<boolean>;
  },
): Promise<LineCheck> {
  const { proven, catalog } = opts;
  if (proven && proven.quantity === item.quantity && computeUnitPrice(proven.unitCost, rule).equals(proven.unitPrice))
    return {
      available: true,
      availableQuantity: proven.availableQuantity,
      unitCost: proven.unitCost,
      checkedAt: proven.checkedAt,
      liveChecked: true,
    };
  const signal = opts.signal ?? AbortSignal.timeout(checkoutUpstreamWaitMs);
  const ask = async (waitForBudget: boolean): Promise<LineCheck> => {
    const offer = opts.offer ?? { supplier: MAIN_SUPPLIER, itemCode: item.itemCode };
    const run = () =>
      ordersUpstream(offer.supplier).check(
        { itemCode: offer.itemCode, quantity: item.quantity },
        { signal, waitForBudget },
      );
    // Main's checks keep their key; another supplier's are its own.
    const reuseKey = offer.supplier === MAIN_SUPPLIER ? offer.itemCode : `${offer.supplier}/${offer.itemCode}`;
    const check = opts.reuseChecksMs
      ? await checkWithReuse(reuseKey, item.quantity, run, { maxAgeMs: opts.reuseChecksMs })
      : await run();
    return {
      available: check.available,
      availableQuantity: check.availableQuantity,
      unitCost: new Prisma.Decimal(check.price),
      checkedAt: new Date(opts.now.getTime() - (opts.reuseChecksMs ?? 0)),
      liveChecked: true,
    };
  };
  if (!catalog) return ask(true);
  const fromCatalog = async (): Promise<LineCheck> => ({
    available: true,
    availableQuantity: null,
    unitCost: await catalog.cost(),
    checkedAt: null,
    liveChecked: false,
  });
  if (opts.checksYield && (await catalog.isFresh(catalog.product)) && (await opts.checksYield())) return fromCatalog();
  try {
    return await ask(false);
  } catch (err) {
    if (!(err instanceof BudgetSpentError)) throw err;
    if (!(await catalog.isFresh(catalog.product))) return ask(true);
    return fromCatalog();
  }
}
