// The offer a quote line is checked and priced on (docs/suppliers.md#routing): routeLine's best
// offer of the product, or, at checkout, the offer the shopper's quote proof names while it can
// still be bought (so the guard checks the offer the shopper was shown, and a proof inside the quote
// window is reused rather than a second check paid for elsewhere; routeKept). null: the product has no
// offers (a shop with main alone) or none can be bought now; main's catalog row and live check
// then decide, as before.
import "server-only";
import type { Decimal } from "@/lib/pricing/decimal";
import { routeKept, routeLine } from "./choose-offer";
import { offersOf } from "./offers";
import { readSupplierStates } from "./supplier-states";

export type ChosenOffer = { supplier: string; itemCode: string; unitCost: Decimal };

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
  const { candidates } = proven
    ? routeKept(offers, states, quantity, { supplier: proven.supplier, itemCode: proven.supplierItemCode })
    : routeLine(offers, states, quantity);
  const best = candidates[0];
  return best ? { supplier: best.supplier, itemCode: best.itemCode, unitCost: best.unitCost } : null;
}
