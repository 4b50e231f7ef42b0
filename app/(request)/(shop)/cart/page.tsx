// The cart: lines from the cookie with the shop's listed prices in the URL's market (priced again,
// with a notice, when the cart belonged to another: docs/markets.md#the-cart-belongs-to-one-market);
// the live check happens at checkout.
import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/ui/empty-state";
import { CartLines } from "@/components/checkout/cart-lines";
import { CartMarketNotice } from "@/components/checkout/cart-market-notice";
import { formatMoney } from "@/components/shop/format-money";
import { cachedDisplayPricing } from "@/lib/catalog/cache/market-page";
import { displayPrice } from "@/lib/catalog/market-display";
import { Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { pathUnderPrefix } from "@/lib/markets/prefix-path";
import { cartInRequestMarket } from "@/lib/orders/cart/cart-market";
import { quantityBounds } from "@/lib/orders/cart/quantity";
import { findSellableProducts } from "@/lib/orders/quote/sellable";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("cart");
  return { title: t("metaTitle"), robots: { index: false } };
}

export default async function CartPage() {
  const [t, locale] = await Promise.all([getTranslations("cart"), getLocale()]);
  const { cart: cookie, market, prefix, notice } = await cartInRequestMarket();
  const cart = cookie.lines;
  const pricing = await cachedDisplayPricing(market.slug);
  // Shop prices are in the wallet currency, not the card's face value currency; shown in the market's.
  const currency = pricing?.currency ?? env.SHOP_CURRENCY;
  const products = await findSellableProducts(cart.map((i) => i.itemCode));
  const lines = [];
  for (const item of cart) {
    const p = products.get(item.itemCode);
    if (!p) continue;
    const bounds = quantityBounds(p);
    const unitPrice = pricing ? displayPrice(p.shopPrice.toFixed(2), pricing) : p.shopPrice.toFixed(2);
    lines.push({
      itemCode: p.itemCode,
      productName: p.productName,
      quantity: item.quantity,
      minQuantity: bounds.min,
      maxQuantity: bounds.max,
      unitPrice,
      lineTotal: new Prisma.Decimal(unitPrice).times(item.quantity).toFixed(),
      currency,
    });
  }
  const total = lines.reduce((sum, l) => sum.plus(l.lineTotal), new Prisma.Decimal(0));
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      {notice ? <CartMarketNotice market={market.slug} text={notice} /> : null}
      {lines.length === 0 ? (
        <div className="mt-6">
          <EmptyState
            title={t("emptyTitle")}
            body={t("emptyBody")}
            actionHref={pathUnderPrefix(prefix, "/search")}
            actionLabel={t("browse")}
          />
        </div>
      ) : (
        <>
          <CartLines lines={lines} />
          <p className="mt-4 flex justify-between rounded-xl border border-slate-200 bg-white p-4 text-lg font-bold">
            <span>{t("subtotal")}</span>
            <span data-testid="cart-total">{formatMoney(total.toFixed(), currency, locale)}</span>
          </p>
          <p className="mt-4 text-sm text-slate-600">{t("liveNote")}</p>
          <Link
            href={pathUnderPrefix(prefix, "/checkout")}
            className="mt-4 inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
          >
            {t("toCheckout")}
          </Link>
        </>
      )}
    </div>
  );
}
