// The checkout summary: each line with live stock, final price, and a visible price change.
import { formatMoney } from "@/components/shop/format-money";
import type { QuoteView } from "@/lib/orders/quote/quote";

export function QuoteLines({ quote }: { quote: QuoteView }) {
  return (
    <section aria-labelledby="summary-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="summary-heading" className="text-lg font-semibold">
        Your order
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {quote.lines.map((l) => (
          <li key={l.itemCode} className="py-3" data-testid="quote-line">
            <div className="flex justify-between gap-4">
              <span>
                {l.quantity} × {l.productName}
              </span>
              <span className="font-semibold">{formatMoney(l.lineTotal, l.currency)}</span>
            </div>
            <p className="text-sm text-slate-600">
              {formatMoney(l.unitPrice, l.currency)} each
              {l.unitDiscount !== "0.00" ? (
                <span data-testid="quote-line-discount">
                  {" "}
                  (<s>{formatMoney(l.priceBeforeCode, l.currency)}</s> before your code)
                </span>
              ) : null}
              {l.stock ? (
                <span
                  className={l.stock.level === "in_stock" ? "" : "font-medium text-amber-900"}
                  data-testid="quote-stock"
                >
                  {" · "}
                  {l.stock.label}
                </span>
              ) : null}
            </p>
            {l.priceChanged ? (
              <p className="text-sm text-amber-800" data-testid="price-changed">
                Price updated from {formatMoney(l.listedUnitPrice, l.currency)} to{" "}
                {formatMoney(l.unitPrice, l.currency)} because our supplier&apos;s price changed.
              </p>
            ) : null}
            {!l.liveChecked && !l.problem ? (
              <p className="text-sm text-slate-600" data-testid="quote-not-live-checked">
                Price and stock from our catalog: our supplier is busy, so it confirms them when we buy. If it sold out
                meanwhile, you are refunded in full.
              </p>
            ) : null}
            {l.problem ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {l.problem}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {quote.promo ? (
        <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-slate-700">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd data-testid="checkout-subtotal">{formatMoney(quote.subtotal, quote.currency)}</dd>
          </div>
          <div className="flex justify-between text-emerald-800">
            <dt>
              Discount (<span className="font-mono">{quote.promo.code}</span>)
            </dt>
            <dd data-testid="checkout-discount">−{formatMoney(quote.promo.discount, quote.currency)}</dd>
          </div>
        </dl>
      ) : null}
      <p
        className={`flex justify-between text-lg font-bold ${quote.promo ? "mt-1" : "mt-3 border-t border-slate-200 pt-3"}`}
      >
        <span>Total</span>
        <span data-testid="checkout-total">{formatMoney(quote.total, quote.currency)}</span>
      </p>
    </section>
  );
}
