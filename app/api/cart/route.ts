// POST /api/cart — add a SKU to the cookie cart; PATCH sets a quantity; DELETE empties it.
// JSON bodies only (a cross-site form post cannot send application/json), capped in size.
import { cookies } from "next/headers";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { handleJson, handleRoute } from "@/lib/http/route";
import {
  addToCart,
  cartCookieName,
  parseCart,
  serializeCart,
  setCartQuantity,
  type Cart,
} from "@/lib/orders/cart/cart-cookie";
import { cartItemSchema } from "@/lib/orders/cart/checkout-schema";
import { maxLineQuantity, quantityBounds, quantityProblem } from "@/lib/orders/cart/quantity";
import { findSellableProduct } from "@/lib/orders/quote/sellable";

const addSchema = cartItemSchema.pick({ itemCode: true, quantity: true }).strict();
const setSchema = z
  .object({ itemCode: addSchema.shape.itemCode, quantity: z.coerce.number().int().min(0).max(maxLineQuantity) })
  .strict();

async function save(cart: Cart) {
  (await cookies()).set(cartCookieName, serializeCart(cart), { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 30 });
  return Response.json({ ok: true, cart, count: cart.reduce((n, l) => n + l.quantity, 0) });
}

async function current(): Promise<Cart> {
  return parseCart((await cookies()).get(cartCookieName)?.value);
}

export const GET = handleRoute(async () => {
  const cart = await current();
  return Response.json({ ok: true, cart, count: cart.reduce((n, l) => n + l.quantity, 0) });
});

export const POST = handleJson(addSchema, async (input) => {
  const product = await findSellableProduct(input.itemCode);
  if (!product) throw new AppError("not_found", { userMessage: "This product is not available." });
  const problem = quantityProblem(input.quantity, quantityBounds(product));
  if (problem) throw new AppError("validation_failed", { userMessage: problem });
  return save(addToCart(await current(), product.itemCode, input.quantity));
});

export const PATCH = handleJson(setSchema, async (input) =>
  save(setCartQuantity(await current(), input.itemCode, input.quantity)),
);

export const DELETE = handleRoute(async () => save([]));
