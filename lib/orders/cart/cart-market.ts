// The market a cart page or checkout prices the cart in: the URL's, and whether that prices it
// again (the cart belonged to another market) with the notice the shopper reads once
// (docs/markets.md#the-cart-belongs-to-one-market).
import "server-only";
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { getDefaultMarket } from "@/lib/markets/lookup";
import { currencySymbol } from "@/lib/markets/format";
import { requestMarket, type RequestMarket } from "@/lib/markets/request-market";
import { cartCookieName, parseCartCookie, pricedAgainIn, type CartCookie } from "./cart-cookie";

export type CartInMarket = RequestMarket & { cart: CartCookie; notice: string | null };

export async function cartInRequestMarket(): Promise<CartInMarket> {
  const [where, jar, fallback, t] = await Promise.all([
    requestMarket(),
    cookies(),
    getDefaultMarket(),
    getTranslations("cart"),
  ]);
  const cart = parseCartCookie(jar.get(cartCookieName)?.value);
  const { market, lang } = where;
  const again = pricedAgainIn(cart, market.slug, fallback.slug);
  const symbol = currencySymbol(market.currency, lang, market.countries[0]);
  const notice = again ? t("pricedAgain", { symbol, market: market.name }) : null;
  return { ...where, cart, notice };
}
