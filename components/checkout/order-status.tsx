"use client";
// Live order status: follows the order while it is unsettled (useLiveOrder: pushed by server-sent
// events, polling as the fallback), no reload. Codes are fetched only on "Reveal".
import { MarketLink as Link } from "@/components/shop/market-link";
import { useLocale, useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import { formatMoney } from "@/components/shop/format-money";
import type { OrderView } from "@/lib/orders/view/order-view";
import { OrderLineCard } from "./order-line-card";
import { useLiveOrder } from "./use-live-order";

export function OrderStatus({ token, initial }: { token: string; initial: OrderView }) {
  const view = useLiveOrder(token, initial);
  const t = useTranslations("order");
  // Its own heading id: a page Next keeps hidden after a navigation may hold another order's.
  const timelineId = `${useId()}timeline-heading`;
  const locale = useLocale();
  const money = (amount: string) => formatMoney(amount, view.currency, locale);
  // The page's language, in the shopper's own timezone.
  const timeFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
    [locale],
  );
  // Until the provider confirms (a delayed card), nothing has been paid yet: do not say so.
  const paid = view.status !== "awaiting_payment" && view.status !== "cancelled";
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold">
          {t("title")}
          {view.reference ? (
            <span className="block text-base font-semibold text-slate-700 sm:ms-2 sm:inline">
              {" "}
              <span data-testid="order-reference" className="font-mono">
                {view.reference}
              </span>
            </span>
          ) : null}
        </h1>
        <p className="mt-1 text-lg" data-testid="order-status" aria-live="polite">
          {t.has(`orderStatus.${view.status}`)
            ? t(`orderStatus.${view.status}` as "orderStatus.paid")
            : view.statusLabel}
        </p>
        {/* Promised only once the payment is confirmed: a card still being confirmed is not "being processed". */}
        {view.processing ? (
          <p className="mt-2 rounded-lg bg-brand-50 p-3 text-brand-700" data-testid="order-pending">
            {t("processing")}
          </p>
        ) : null}
        <p className="mt-2 text-sm text-slate-600">
          {t("keepLink")}{" "}
          <Link href="/help" className="font-medium text-brand-700 underline underline-offset-2">
            {t("help")}
          </Link>{" "}
          {view.reference ? (
            <>
              {t("quote")} <span className="font-mono">{view.reference}</span>.
            </>
          ) : null}
        </p>
      </header>
      <ul className="space-y-4">
        {view.lines.map((l) => (
          <OrderLineCard key={l.id} token={token} line={l} currency={view.currency} />
        ))}
      </ul>
      <section className="rounded-xl border border-slate-200 bg-white p-4">
        {view.promo ? (
          <p className="mb-1 flex justify-between text-emerald-800" data-testid="order-discount">
            <span>
              {t("discount")} <span className="font-mono">{view.promo.code}</span>)
            </span>
            <span>−{money(view.promo.discount)}</span>
          </p>
        ) : null}
        <p className="flex justify-between font-semibold">
          <span>{paid ? t("totalPaid") : t("total")}</span>
          <span data-testid="order-total">{money(view.total)}</span>
        </p>
        {view.refundedTotal !== "0.00" ? (
          <p className="mt-1 flex justify-between text-slate-700" data-testid="refunded-total">
            <span>{t("refunded")}</span>
            <span>{money(view.refundedTotal)}</span>
          </p>
        ) : null}
        {view.payment?.method ? (
          <p className="mt-1 text-sm text-slate-600">
            {paid ? t("paidWith", { method: view.payment.method }) : t("payingWith", { method: view.payment.method })}
          </p>
        ) : null}
        {view.hasReceipt ? (
          <p className="mt-2 text-sm">
            <Link href={`/orders/${token}/receipt`} className="font-medium text-brand-700 underline underline-offset-2">
              {t("receipt")}
            </Link>
          </p>
        ) : null}
      </section>
      <section aria-labelledby={timelineId}>
        <h2 id={timelineId} className="text-lg font-semibold">
          {t("timeline")}
        </h2>
        <ol className="mt-2 space-y-1 border-s-2 border-slate-200 ps-4 text-sm">
          {view.timeline.map((e, i) => (
            <li key={i}>
              {/* Shown in the shopper's own timezone, so the server's rendering may differ: not a bug. */}
              <time dateTime={e.at} className="whitespace-nowrap text-slate-500" suppressHydrationWarning>
                {timeFormat.format(new Date(e.at))}
              </time>{" "}
              {e.message}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
