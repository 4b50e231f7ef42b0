// The checkout summary: each line with live stock, final price, and a visible price change.
import { formatMoney } from "@/components/shop/format-money";
import type { QuoteView } from "@/lib/orders/quote";

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
              {l.stock ? (
                <span className={l.stock.level === "in_stock" ? "" : "font-medium text-amber-900"} data-testid="quote-stock">
                  {" · "}
                  {l.stock.label}
                </span>
              ) : null}
            </p>
            {l.priceChanged ? (
              <p className="text-sm text-amber-800" data-testid="price-changed">
                Price updated from {formatMoney(l.listedUnitPrice, l.currency)} to {formatMoney(l.unitPrice, l.currency)} because our supplier&apos;s price changed.
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
      <p className="mt-3 flex justify-between border-t border-slate-200 pt-3 text-lg font-bold">
        <span>Total</span>
        <span data-testid="checkout-total">{formatMoney(quote.total, quote.currency)}</span>
      </p>
    </section>
  );
}
