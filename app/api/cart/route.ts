// POST /api/cart — add a SKU to the cookie cart (from a market's page: the cart is now that
// market's); PATCH sets a quantity; PUT moves the cart to another market (priced again there,
// docs/markets.md#the-cart-belongs-to-one-market); DELETE empties it.
// JSON bodies only (a cross-site form post cannot send application/json), capped in size.
import { cookies } from "next/headers";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { handleJson, handleRoute } from "@/lib/http/route";
import {
  addToCart,
  cartCookieName,
  parseCartCookie,
  serializeCart,
  setCartQuantity,
  type Cart,
  type CartCookie,
} from "@/lib/orders/cart/cart-cookie";
import { cartItemSchema, marketSlugSchema } from "@/lib/orders/cart/checkout-schema";
import { getMarketBySlug } from "@/lib/markets/lookup";
import { maxLineQuantity, quantityBounds, quantityProblem } from "@/lib/orders/cart/quantity";
import { notOfferedProblem } from "@/lib/orders/quote/market-offers";
import { findSellableProduct } from "@/lib/orders/quote/sellable";

const addSchema = cartItemSchema.pick({ itemCode: true, quantity: true }).extend({ market: marketSlugSchema }).strict();
const setSchema = z
  .object({ itemCode: addSchema.shape.itemCode, quantity: z.coerce.number().int().min(0).max(maxLineQuantity) })
  .strict();
const moveSchema = z.object({ market: marketSlugSchema.unwrap() }).strict();

async function save(cart: Cart, market: string | null) {
  const value = serializeCart(cart, market);
  (await cookies()).set(cartCookieName, value, { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 30 });
  return Response.json({ ok: true, cart, market, count: cart.reduce((n, l) => n + l.quantity, 0) });
}

async function current(): Promise<CartCookie> {
  return parseCartCookie((await cookies()).get(cartCookieName)?.value);
}

/** An enabled market's slug as the cookie keeps it; an unknown one is the default market (null). */
async function knownMarket(slug: string | undefined): Promise<string | null> {
  return slug ? ((await getMarketBySlug(slug))?.slug ?? null) : null;
}

export const GET = handleRoute(async () => {
  const { lines: cart, market } = await current();
  return Response.json({ ok: true, cart, market, count: cart.reduce((n, l) => n + l.quantity, 0) });
});

export const POST = handleJson(addSchema, async (input) => {
  const product = await findSellableProduct(input.itemCode);
  if (!product) throw new AppError("not_found", { userMessage: "This product is not available." });
  const problem = quantityProblem(input.quantity, quantityBounds(product));
  if (problem) throw new AppError("validation_failed", { userMessage: problem });
  const market = input.market ? await getMarketBySlug(input.market) : null;
  // A product the market does not offer never enters its cart (docs/markets.md#the-products-a-market-offers).
  const notOffered = market ? notOfferedProblem(market, [product]) : null;
  if (notOffered) throw new AppError("validation_failed", { userMessage: notOffered });
  const { lines } = await current();
  return save(addToCart(lines, product.itemCode, input.quantity), market?.slug ?? null);
});

export const PATCH = handleJson(setSchema, async (input) => {
  const { lines, market } = await current();
  return save(setCartQuantity(lines, input.itemCode, input.quantity), market);
});

export const PUT = handleJson(moveSchema, async (input) => {
  const { lines } = await current();
  return save(lines, await knownMarket(input.market));
});

export const DELETE = handleRoute(async () => save([], (await current()).market));
