// The market a cart page or checkout prices the cart in: the URL's, and whether that prices it
// again (the cart belonged to another market) with the notice the shopper reads once
// (docs/markets.md#the-cart-belongs-to-one-market).
import "server-only";
import { cookies } from "next/headers";
import { getDefaultMarket } from "@/lib/markets/lookup";
import { currencySymbol } from "@/lib/markets/format";
import { requestMarket, type RequestMarket } from "@/lib/markets/request-market";
import { cartCookieName, parseCartCookie, pricedAgainIn, type CartCookie } from "./cart-cookie";

export type CartInMarket = RequestMarket & { cart: CartCookie; notice: string | null };

export async function cartInRequestMarket(): Promise<CartInMarket> {
  const [where, jar, fallback] = await Promise.all([requestMarket(), cookies(), getDefaultMarket()]);
  const cart = parseCartCookie(jar.get(cartCookieName)?.value);
  const { market, lang } = where;
  const again = pricedAgainIn(cart, market.slug, fallback.slug);
  const symbol = currencySymbol(market.currency, lang, market.countries[0]);
  // i18n: "Your cart is now priced in {symbol} ({market})."
  const notice = again ? `Your cart is now priced in ${symbol} (${market.name}).` : null;
  return { ...where, cart, notice };
}
