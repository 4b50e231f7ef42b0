// Checkout: live stock and price for every line (POST /orders/check), top-up account check,
// buyer email and the TEST MODE card form. Nothing is charged until the shopper pays. The cart is
// quoted and paid in the URL's market (docs/markets.md#the-cart-belongs-to-one-market).
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/ui/empty-state";
import { CartMarketNotice } from "@/components/checkout/cart-market-notice";
import { CheckoutForm } from "@/components/checkout/checkout-form";
import { pathUnderPrefix } from "@/lib/markets/prefix-path";
import { cartInRequestMarket } from "@/lib/orders/cart/cart-market";
import { getPaymentProvider } from "@/lib/payments";
import { cartItemSchema } from "@/lib/orders/cart/checkout-schema";
import { requestClientIp } from "@/lib/http/request-client";
import { quoteForClient } from "@/lib/orders/quote/client-quote";
import { QuoteError, toQuoteView } from "@/lib/orders/quote/quote";
import { shopperTextOnServer } from "@/lib/i18n/shopper-text";
import { guardWalletForSale } from "@/lib/orders/checkout/wallet-guard";

type Props = { searchParams: Promise<{ item?: string; qty?: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("checkout");
  return { title: t("title"), robots: { index: false } };
}

export default async function CheckoutPage({ searchParams }: Props) {
  const [sp, t] = await Promise.all([searchParams, getTranslations("checkout")]);
  const buyNow = sp.item ? cartItemSchema.safeParse({ itemCode: sp.item, quantity: sp.qty ?? "1" }) : null;
  const { cart, market, prefix, notice } = await cartInRequestMarket();
  const items = buyNow ? (buyNow.success ? [buyNow.data] : []) : cart.lines;
  const to = (path: string) => pathUnderPrefix(prefix, path);
  if (items.length === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <div className="mt-6">
          {buyNow ? (
            <EmptyState
              title={t("badLinkTitle")}
              body={t("badLinkBody")}
              actionHref={to("/search")}
              actionLabel={t("browse")}
            />
          ) : (
            <EmptyState
              title={t("emptyTitle")}
              body={t("emptyBody")}
              actionHref={to("/search")}
              actionLabel={t("browse")}
            />
          )}
        </div>
      </div>
    );
  }
  let error: string | null = null;
  let quote = null;
  try {
    const result = await quoteForClient(items, await requestClientIp(), { market: market.slug });
    // What the upstream wallet cannot pay for is not offered: no payment form to fill in vain.
    const wallet = result.ok ? await guardWalletForSale(result.quote.lines, new Date()) : null;
    if (!result.ok) error = result.message;
    else if (wallet && !wallet.ok) error = wallet.message;
    else quote = toQuoteView(result.quote);
  } catch (err) {
    // A refusal (a product the market does not offer, a paused market) in the page's language.
    error = err instanceof QuoteError ? await shopperTextOnServer(err.message) : t("quoteFailed");
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      {notice && !buyNow ? <CartMarketNotice market={market.slug} text={notice} /> : null}
      {error || !quote ? (
        <div className="mt-4">
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
            {error}
          </p>
          <Link
            href={to(buyNow ? "/search" : "/cart")}
            className="mt-4 inline-block font-semibold text-brand-700 underline"
          >
            {buyNow ? t("browseOther") : t("backToCart")}
          </Link>
        </div>
      ) : (
        <CheckoutForm
          initialQuote={quote}
          fromCart={!buyNow}
          hostedPayment={getPaymentProvider().kind === "redirect"}
        />
      )}
    </div>
  );
}
