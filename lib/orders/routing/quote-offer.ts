// The offer a quote line is checked and priced on (docs/suppliers.md#routing): routeLine's best
// offer of the product, or, at checkout, the offer the shopper's quote proof names while it can
// still be bought (so the guard checks the offer the shopper was shown, and a proof inside the quote
// window is reused rather than a second check paid for elsewhere; routeKept). An offer held back
// only by its supplier's spent minute is still chosen when no other can be bought. null: the product
// has no offers (a shop with main alone) or none can be bought; main's catalog row and live check
// then decide, as before.
import "server-only";
import type { Decimal } from "@/lib/pricing/decimal";
import { routeKept, routeLine } from "./choose-offer";
import { offersOf } from "./offers";
import { readSupplierStates } from "./supplier-states";

export type ChosenOffer = {
  supplier: string;
  itemCode: string;
  unitCost: Decimal;
  /** Whether a live check at that supplier would take a call it should not now (SupplierState). */
  checksYield: boolean;
};

export async function chooseQuoteOffer(
  productCode: string,
  quantity: number,
  now: Date,
  proven?: { supplier: string; supplierItemCode: string },
): Promise<ChosenOffer | null> {
  const offers = await offersOf(productCode);
  if (offers.length === 0) return null;
  const states = await readSupplierStates(now);
  // The offer the proof names stays while it can be bought (a spent budget does not move it).
  const route = proven
    ? routeKept(offers, states, quantity, { supplier: proven.supplier, itemCode: proven.supplierItemCode })
    : routeLine(offers, states, quantity);
  // Every supplier that could take the line has spent its minute: the best of them still takes it
  // and the purchase waits for its budget, rather than the shopper being refused — but not one a
  // 429 blocks past this minute, which could keep a paid line waiting for as long as it asked
  // (docs/suppliers.md#purchases-waiting).
  const candidates =
    route.candidates.length > 0
      ? route.candidates
      : routeLine(
          offers,
          states.map((s) => ({ ...s, hasBudget: !s.blocked })),
          quantity,
        ).candidates;
  const best = candidates[0];
  if (!best) return null;
  const checksYield = states.find((s) => s.name === best.supplier)?.checksYield === true;
  return { supplier: best.supplier, itemCode: best.itemCode, unitCost: best.unitCost, checksYield };
}
