// POST /api/cart — add a SKU to the cookie cart; PATCH sets a quantity; DELETE empties it.
// JSON bodies only (a cross-site form post cannot send application/json), capped in size.
import { cookies } from "next/headers";
import { z } from "zod";
import { AppError, toResponse } from "@/lib/errors";
import { readJsonBody } from "@/lib/http/read-body";
import {
  addToCart,
  cartCookieName,
  parseCart,
  serializeCart,
  setCartQuantity,
  type Cart,
} from "@/lib/orders/cart-cookie";
import { cartItemSchema } from "@/lib/orders/checkout-schema";
import { findSellableProduct } from "@/lib/orders/quote";

const addSchema = cartItemSchema.pick({ itemCode: true, quantity: true }).strict();
const setSchema = z
  .object({ itemCode: addSchema.shape.itemCode, quantity: z.coerce.number().int().min(0).max(100) })
  .strict();

async function save(cart: Cart) {
  (await cookies()).set(cartCookieName, serializeCart(cart), { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 30 });
  return Response.json({ ok: true, cart, count: cart.reduce((n, l) => n + l.quantity, 0) });
}

async function current(): Promise<Cart> {
  return parseCart((await cookies()).get(cartCookieName)?.value);
}

export async function GET() {
  const cart = await current();
  return Response.json({ ok: true, cart, count: cart.reduce((n, l) => n + l.quantity, 0) });
}

export async function POST(req: Request) {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  try {
    const input = addSchema.parse(body.value);
    const product = await findSellableProduct(input.itemCode);
    if (!product) throw new AppError("not_found", { userMessage: "This product is not available." });
    if (input.quantity < product.minQuantity || input.quantity > Math.min(100, product.maxQuantity)) {
      throw new AppError("validation_failed", {
        userMessage: `Choose between ${product.minQuantity} and ${Math.min(100, product.maxQuantity)}.`,
      });
    }
    return save(addToCart(await current(), product.itemCode, input.quantity));
  } catch (err) {
    return toResponse(err);
  }
}

export async function PATCH(req: Request) {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  try {
    const input = setSchema.parse(body.value);
    return save(setCartQuantity(await current(), input.itemCode, input.quantity));
  } catch (err) {
    return toResponse(err);
  }
}

export async function DELETE() {
  return save([]);
}
