// The header's cart badge count, read from the cart cookie in the browser. Deliberately free of
// zod and of lib/orders (which the server uses to parse the cart strictly): this runs on every
// page, so it must not pull a validation library into every page's script. Display only.

/** The cart cookie's name (the same as lib/orders/cart/cart-cookie.ts cartCookieName; a test keeps them equal). */
export const cartCookieNameForCount = "cart";

/** Units in the cart cookie; anything malformed counts as 0. */
export function countCartItems(value: string | undefined): number {
  if (!value) return 0;
  try {
    const parsed: unknown = JSON.parse(atob(value.replace(/-/g, "+").replace(/_/g, "/")));
    // `{ market, lines }`, or the bare list of a cookie written before markets.
    const lines = Array.isArray(parsed) ? parsed : (parsed as { lines?: unknown } | null)?.lines;
    if (!Array.isArray(lines)) return 0;
    return lines.slice(0, 20).reduce<number>((n, l) => {
      const q = (l as { quantity?: unknown })?.quantity;
      return n + (typeof q === "number" && Number.isInteger(q) && q > 0 && q <= 100 ? q : 0);
    }, 0);
  } catch {
    return 0;
  }
}
