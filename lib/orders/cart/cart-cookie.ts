// The cart lives in a cookie (no account needed): a short list of SKU + quantity and the market
// it belongs to (docs/markets.md#the-cart-belongs-to-one-market). Pure, so the browser (item
// count) and the server (checkout) read it the same way. Prices are never in it.
import { z } from "zod";
import { cartItemSchema, marketSlugSchema } from "./checkout-schema";
import { mergeIdenticalLines } from "./merge-lines";
import { maxLineQuantity } from "./quantity";

export const cartCookieName = "cart";
export const maxCartLines = 20;

const cartSchema = z
  .array(cartItemSchema.pick({ itemCode: true, quantity: true }))
  .max(maxCartLines)
  .transform(mergeIdenticalLines);
export type Cart = z.infer<typeof cartSchema>;

/** The cart with its market's slug; null: the default market (a cookie written before markets). */
export type CartCookie = { market: string | null; lines: Cart };

// Today's cookie is `{ market, lines }`; an older one is the bare list of lines.
const cookieSchema = z.union([
  cartSchema.transform((lines) => ({ market: null, lines })),
  z.object({ market: marketSlugSchema.unwrap().nullable(), lines: cartSchema }).strict(),
]);

const empty: CartCookie = { market: null, lines: [] };

/** Reads the cookie value; anything malformed is an empty cart of the default market. */
export function parseCartCookie(value: string | undefined | null): CartCookie {
  if (!value) return empty;
  try {
    const b64 = value.replace(/-/g, "+").replace(/_/g, "/");
    const r = cookieSchema.safeParse(JSON.parse(atob(b64)));
    return r.success ? r.data : empty;
  } catch {
    return empty;
  }
}

/** The cart's lines from the cookie value; anything malformed is an empty cart. */
export function parseCart(value: string | undefined | null): Cart {
  return parseCartCookie(value).lines;
}

/** The cookie value for a cart of a market (null: the default market). */
export function serializeCart(cart: Cart, market: string | null = null): string {
  const lines = cart.slice(0, maxCartLines);
  // base64url of ASCII JSON (item codes and slugs are ASCII): no characters a cookie would re-encode.
  return btoa(JSON.stringify(market ? { market, lines } : lines))
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

/**
 * Whether a cart opened under the URL's market is priced again there (with a notice): it has lines
 * and belongs to another market (docs/markets.md#the-cart-belongs-to-one-market).
 */
export function pricedAgainIn(cart: CartCookie, urlMarket: string, defaultMarket: string): boolean {
  return cart.lines.length > 0 && (cart.market ?? defaultMarket) !== urlMarket;
}
