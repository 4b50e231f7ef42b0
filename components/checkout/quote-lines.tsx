// The checkout summary: each line with live stock, final price, and a visible price change.
import { useId } from "react";
import { useLocale, useTranslations } from "next-intl";
import { formatMoney as formatIn } from "@/components/shop/format-money";
import type { QuoteView } from "@/lib/orders/quote/quote";

export function QuoteLines({ quote }: { quote: QuoteView }) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  // Its own heading id: a page Next keeps hidden after a navigation may hold the same summary.
  const headingId = `${useId()}summary-heading`;
  const formatMoney = (amount: string, currency: string) => formatIn(amount, currency, locale);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {t("summary")}
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
              {t("each", { price: formatMoney(l.unitPrice, l.currency) })}
              {l.unitDiscount !== "0.00" ? (
                <span data-testid="quote-line-discount">
                  {" "}
                  (<s>{formatMoney(l.priceBeforeCode, l.currency)}</s> {t("beforeCode")})
                </span>
              ) : null}
              {l.stock ? (
                <span
                  className={l.stock.level === "in_stock" ? "" : "font-medium text-amber-900"}
                  data-testid="quote-stock"
                >
                  {" · "}
                  {t(`stock.${l.stock.level}`)}
                </span>
              ) : null}
            </p>
            {l.priceChanged ? (
              <p className="text-sm text-amber-800" data-testid="price-changed">
                {t("priceChanged", {
                  from: formatMoney(l.listedUnitPrice, l.currency),
                  to: formatMoney(l.unitPrice, l.currency),
                })}
              </p>
            ) : null}
            {!l.liveChecked && !l.problem ? (
              <p className="text-sm text-slate-600" data-testid="quote-not-live-checked">
                {t("notLiveChecked")}
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
            <dt>{t("subtotal")}</dt>
            <dd data-testid="checkout-subtotal">{formatMoney(quote.subtotal, quote.currency)}</dd>
          </div>
          <div className="flex justify-between text-emerald-800">
            <dt>
              {t("discount")} (<span className="font-mono">{quote.promo.code}</span>)
            </dt>
            <dd data-testid="checkout-discount">−{formatMoney(quote.promo.discount, quote.currency)}</dd>
          </div>
        </dl>
      ) : null}
      <p
        className={`flex justify-between text-lg font-bold ${quote.promo ? "mt-1" : "mt-3 border-t border-slate-200 pt-3"}`}
      >
        <span>{t("total")}</span>
        <span data-testid="checkout-total">{formatMoney(quote.total, quote.currency)}</span>
      </p>
    </section>
  );
}
