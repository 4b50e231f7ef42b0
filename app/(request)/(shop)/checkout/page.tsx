// Checkout: live stock and price for every line (POST /orders/check), top-up account check,
// buyer email and the TEST MODE card form. Nothing is charged until the shopper pays.
import type { Metadata } from "next";
import Link from "next/link";
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/ui/empty-state";
import { CheckoutForm } from "@/components/checkout/checkout-form";
import { cartCookieName, parseCart } from "@/lib/orders/cart/cart-cookie";
import { getPaymentProvider } from "@/lib/payments";
import { cartItemSchema } from "@/lib/orders/cart/checkout-schema";
import { requestClientIp } from "@/lib/http/request-client";
import { quoteForClient } from "@/lib/orders/quote/client-quote";
import { QuoteError, toQuoteView } from "@/lib/orders/quote/quote";
import { guardWalletForSale } from "@/lib/orders/checkout/wallet-guard";

type Props = { searchParams: Promise<{ item?: string; qty?: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("checkout");
  return { title: t("title"), robots: { index: false } };
}

export default async function CheckoutPage({ searchParams }: Props) {
  const [sp, t] = await Promise.all([searchParams, getTranslations("checkout")]);
  const buyNow = sp.item ? cartItemSchema.safeParse({ itemCode: sp.item, quantity: sp.qty ?? "1" }) : null;
  const items = buyNow
    ? buyNow.success
      ? [buyNow.data]
      : []
    : parseCart((await cookies()).get(cartCookieName)?.value);
  if (items.length === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <div className="mt-6">
          {buyNow ? (
            <EmptyState
              title={t("badLinkTitle")}
              body={t("badLinkBody")}
              actionHref="/search"
              actionLabel={t("browse")}
            />
          ) : (
            <EmptyState title={t("emptyTitle")} body={t("emptyBody")} actionHref="/search" actionLabel={t("browse")} />
          )}
        </div>
      </div>
    );
  }
  let error: string | null = null;
  let quote = null;
  try {
    const result = await quoteForClient(items, await requestClientIp());
    // What the upstream wallet cannot pay for is not offered: no payment form to fill in vain.
    const wallet = result.ok ? await guardWalletForSale(result.quote.lines, new Date()) : null;
    if (!result.ok) error = result.message;
    else if (wallet && !wallet.ok) error = wallet.message;
    else quote = toQuoteView(result.quote);
  } catch (err) {
    error = err instanceof QuoteError ? err.message : t("quoteFailed");
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      {error || !quote ? (
        <div className="mt-4">
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
            {error}
          </p>
          <Link
            href={buyNow ? "/search" : "/cart"}
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
