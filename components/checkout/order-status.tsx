"use client";
// Live order status: follows the order while it is unsettled (useLiveOrder: pushed by server-sent
// events, polling as the fallback), no reload. Codes are fetched only on "Reveal".
import { MarketLink as Link } from "@/components/shop/market-link";
import { formatMoney } from "@/components/shop/format-money";
import type { OrderView } from "@/lib/orders/view/order-view";
import { OrderLineCard } from "./order-line-card";
import { useLiveOrder } from "./use-live-order";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function OrderStatus({ token, initial }: { token: string; initial: OrderView }) {
  const view = useLiveOrder(token, initial);
  // Until the provider confirms (a delayed card), nothing has been paid yet: do not say so.
  const paid = view.status !== "awaiting_payment" && view.status !== "cancelled";
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold">
          Your order
          {view.reference ? (
            <span className="block text-base font-semibold text-slate-700 sm:ml-2 sm:inline">
              {" "}
              <span data-testid="order-reference" className="font-mono">
                {view.reference}
              </span>
            </span>
          ) : null}
        </h1>
        <p className="mt-1 text-lg" data-testid="order-status" aria-live="polite">
          {view.statusLabel}
        </p>
        {/* Promised only once the payment is confirmed: a card still being confirmed is not "being processed". */}
        {view.processing ? (
          <p className="mt-2 rounded-lg bg-brand-50 p-3 text-brand-700" data-testid="order-pending">
            Your order is being processed — you can close this page, we will email you.
          </p>
        ) : null}
        <p className="mt-2 text-sm text-slate-600">
          Keep this page&apos;s link: it is how you come back to your order. We also emailed it to you.{" "}
          <Link href="/help" className="font-medium text-brand-700 underline underline-offset-2">
            Need help?
          </Link>{" "}
          {view.reference ? (
            <>
              Quote <span className="font-mono">{view.reference}</span>.
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
              Discount (code <span className="font-mono">{view.promo.code}</span>)
            </span>
            <span>−{formatMoney(view.promo.discount, view.currency)}</span>
          </p>
        ) : null}
        <p className="flex justify-between font-semibold">
          <span>{paid ? "Total paid" : "Total"}</span>
          <span data-testid="order-total">{formatMoney(view.total, view.currency)}</span>
        </p>
        {view.refundedTotal !== "0.00" ? (
          <p className="mt-1 flex justify-between text-slate-700" data-testid="refunded-total">
            <span>Refunded</span>
            <span>{formatMoney(view.refundedTotal, view.currency)}</span>
          </p>
        ) : null}
        {view.payment?.method ? (
          <p className="mt-1 text-sm text-slate-600">
            {paid ? "Paid" : "Paying"} with {view.payment.method}
          </p>
        ) : null}
        {view.hasReceipt ? (
          <p className="mt-2 text-sm">
            <Link href={`/orders/${token}/receipt`} className="font-medium text-brand-700 underline underline-offset-2">
              View or print your receipt
            </Link>
          </p>
        ) : null}
      </section>
      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className="text-lg font-semibold">
          Timeline
        </h2>
        <ol className="mt-2 space-y-1 border-l-2 border-slate-200 pl-4 text-sm">
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
