// The stored offers of one shop product (docs/suppliers.md#offers), as routing reads them.
import "server-only";
import { db } from "@/lib/db";
import type { Offer } from "./choose-offer";

/** The offers of a shop product (its item code is the product's code). */
export async function offersOf(productCode: string): Promise<Offer[]> {
  const rows = await db.offer.findMany({ where: { productCode } });
  return rows.map((r) => ({ supplier: r.supplier, itemCode: r.itemCode, unitCost: r.unitCost, inStock: r.inStock }));
}
