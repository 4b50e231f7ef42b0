// The cart lives in a cookie (no account needed): a short list of SKU + quantity. Pure, so the
// browser (item count) and the server (checkout) read it the same way. Prices are never in it.
import { z } from "zod";
import { cartItemSchema } from "./checkout-schema";
import { mergeIdenticalLines } from "./merge-lines";
import { maxLineQuantity } from "./quantity";

export const cartCookieName = "cart";
export const maxCartLines = 20;

const cartSchema = z
  .array(cartItemSchema.pick({ itemCode: true, quantity: true }))
  .max(maxCartLines)
  .transform(mergeIdenticalLines);
export type Cart = z.infer<typeof cartSchema>;

/** Reads the cookie value; anything malformed is an empty cart. */
export function parseCart(value: string | undefined | null): Cart {
  if (!value) return [];
  try {
    const b64 = value.replace(/-/g, "+").replace(/_/g, "/");
    const r = cartSchema.safeParse(JSON.parse(atob(b64)));
    return r.success ? r.data : [];
  } catch {
    return [];
  }
}

/** The cookie value for a cart. */
export function serializeCart(cart: Cart): string {
  // base64url of ASCII JSON (item codes are ASCII): no characters a cookie would re-encode.
  return btoa(JSON.stringify(cart.slice(0, maxCartLines)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** Adds (or increases) a line, capped at maxLineQuantity (the SKU's own bounds are checked at checkout). */
export function addToCart(cart: Cart, itemCode: string, quantity: number): Cart {
  const existing = cart.find((l) => l.itemCode === itemCode);
  if (existing)
    return cart.map((l) =>
      l.itemCode === itemCode ? { ...l, quantity: Math.min(maxLineQuantity, l.quantity + quantity) } : l,
    );
  return [...cart, { itemCode, quantity }].slice(0, maxCartLines);
}

/** Sets a line's quantity; 0 removes it. */
export function setCartQuantity(cart: Cart, itemCode: string, quantity: number): Cart {
  if (quantity <= 0) return cart.filter((l) => l.itemCode !== itemCode);
  return cart.map((l) => (l.itemCode === itemCode ? { ...l, quantity: Math.min(maxLineQuantity, quantity) } : l));
}
