// A market sells only the products it offers (docs/markets.md#the-products-a-market-offers): the
// quote and checkout refuse a line of another region before any live check, order or payment,
// whatever page the cart was filled from.
import "server-only";
import { db } from "@/lib/db";
import { decodeCountryCodes } from "@/lib/catalog/family";
import type { Market } from "@/lib/markets/market";
import { offerOf, offersProduct } from "@/lib/markets/offer";

/** What a shopper reads (lib/i18n/shopper-messages.ts matches it to its catalog key). */
export const notOfferedMessage = (product: string, market: string) =>
  `${product} is not sold in ${market}; please remove it from your cart.`;

type OfferedRow = { productName: string; productType: string; region: string; countryCodes: string };

/** One sentence per product of `rows` the market does not offer, joined; null when it offers them all. */
export function notOfferedProblem(market: Market, rows: Iterable<OfferedRow>): string | null {
  const offer = offerOf(market);
  if (!offer) return null;
  const refused = [...rows]
    .filter((p) => !offersProduct(offer, { ...p, countries: decodeCountryCodes(p.countryCodes) }))
    .map((p) => notOfferedMessage(p.productName, market.name));
  return refused.length > 0 ? refused.join(" ") : null;
}

/** `notOfferedProblem` for item codes (an unknown code is left to the quote, which refuses it itself). */
export async function notOfferedCodes(market: Market, itemCodes: string[]): Promise<string | null> {
  if (!offerOf(market)) return null;
  const rows = await db.product.findMany({
    where: { itemCode: { in: [...new Set(itemCodes)] } },
    select: { productName: true, productType: true, region: true, countryCodes: true },
    orderBy: { itemCode: "asc" },
  });
  return notOfferedProblem(market, rows);
}
