// The offer a quote line is checked and priced on (docs/suppliers.md#routing): routeLine's best
// offer of the product, or, at checkout, the offer the shopper's quote proof names while it can
// still be bought (so the guard checks the offer the shopper was shown). null: the product has no
// offers (a shop with main alone) or none can be bought now; main's catalog row and live check
// then decide, as before.
import "server-only";
import type { Decimal } from "@/lib/pricing/decimal";
import { routeLine } from "./choose-offer";
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
  const { candidates } = routeLine(offers, await readSupplierStates(now), quantity);
  const named =
    proven && candidates.find((o) => o.supplier === proven.supplier && o.itemCode === proven.supplierItemCode);
  const best = named ?? candidates[0];
  return best ? { supplier: best.supplier, itemCode: best.itemCode, unitCost: best.unitCost } : null;
}
