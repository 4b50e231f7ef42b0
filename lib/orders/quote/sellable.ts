// What the shop sells: a listed product staff have not hidden; the sandbox's test SKUs only while
// test products are on. Every path that takes an item code from a shopper (cart, quote, checkout,
// account check) asks here, once per request.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { Product } from "@prisma/client";

function isSellable(p: Product): boolean {
  if (p.productType === "test") return env.TEST_PRODUCTS_ENABLED;
  return p.listed && !p.hidden;
}

/** One product by item code, or null when the shop does not sell it. */
export async function findSellableProduct(itemCode: string): Promise<Product | null> {
  const p = await db.product.findUnique({ where: { itemCode } });
  return p && isSellable(p) ? p : null;
}

/** Several products in one query, keyed by item code; codes the shop does not sell are absent. */
export async function findSellableProducts(itemCodes: string[]): Promise<Map<string, Product>> {
  const rows = await db.product.findMany({ where: { itemCode: { in: [...new Set(itemCodes)] } } });
  return new Map(rows.filter(isSellable).map((p) => [p.itemCode, p]));
}
