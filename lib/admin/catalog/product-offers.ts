// A product's offers as the admin shows them (docs/suppliers.md#owners-links): per supplier, its
// item code there, its cost, its stock and whether the key or the owner placed it. Staff can see.
import "server-only";
import { z } from "zod";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";

const codeSchema = z.string().trim().min(1).max(200);

/** True when `loadProductOffers` would find the product (no guard: a lookup for proxy.ts, which checked the role). */
export async function productExists(rawCode: unknown): Promise<boolean> {
  const code = codeSchema.safeParse(rawCode);
  if (!code.success) return false;
  return (await db.product.findUnique({ where: { itemCode: code.data }, select: { id: true } })) !== null;
}

export async function loadProductOffers(rawCode: unknown) {
  await requireStaff();
  const code = codeSchema.safeParse(rawCode);
  if (!code.success) return null;
  const product = await db.product.findUnique({
    where: { itemCode: code.data },
    select: {
      id: true,
      itemCode: true,
      productName: true,
      brandName: true,
      faceValue: true,
      currency: true,
      region: true,
      source: true,
      listed: true,
      inStock: true,
    },
  });
  if (!product) return null;
  const offers = await db.offer.findMany({
    where: { productCode: product.itemCode },
    orderBy: [{ supplier: "asc" }, { itemCode: "asc" }],
    select: { supplier: true, itemCode: true, unitCost: true, currency: true, inStock: true, byHand: true },
  });
  return {
    product: { ...product, faceValue: product.faceValue.toFixed() },
    offers: offers.map((o) => ({ ...o, unitCost: o.unitCost.toFixed(2), placedBy: o.byHand ? "hand" : "key" })),
  };
}
