// The printable receipt: seller, order reference, lines with their discount, totals, the tax
// included (when the owner set a rate), the payment and any refunds. Presentational only.
// Written in the order's language (docs/markets.md#languages), its dates and money too.
import { formatMoney } from "@/components/shop/format-money";
import { translatorFor } from "@/lib/i18n/translator";
import type { Receipt } from "@/lib/receipts/receipt";

// "0.00" USD, "0" IDR, "0.000" KWD: a line the code did not discount (amounts carry their currency's decimals).
const isZero = (amount: string) => /^0(\.0+)?$/.test(amount);

type PaidReceipt = Extract<Receipt, { paid: true }>;

const whenFormats = new Map<string, Intl.DateTimeFormat>();
function when(locale: string): Intl.DateTimeFormat {
  let format = whenFormats.get(locale);
  if (!format) {
    // English keeps the day-month order it always had ("27 Nov 2026, 01:40").
    format = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : locale, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "UTC",
    });
    whenFormats.set(locale, format);
  }
  return format;
}

export function ReceiptView({ r }: { r: PaidReceipt }) {
  const t = translatorFor(r.locale, "receipt");
  const at = (d: Date) => t("utc", { date: when(r.locale).format(d) });
  const money = (amount: string) => formatMoney(amount, r.currency, r.locale);
  const cell = "px-2 py-2 text-end tabular-nums";
  return (
    <article
      aria-labelledby="receipt-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 print:border-0 print:p-0 sm:p-8"
    >
      <header className="flex flex-wrap justify-between gap-4 border-b border-slate-200 pb-4">
        <div>
          <p className="text-xl font-bold">{r.shopName}</p>
          {r.businessDetails.map((line, i) => (
            <p key={i} className="text-sm text-slate-700">
              {line}
            </p>
          ))}
        </div>
        <div className="sm:text-end">
          <h1 id="receipt-heading" className="text-2xl font-bold">
            {t("title")}
          </h1>
          <dl className="mt-1 text-sm text-slate-700">
            <div>
              <dt className="inline">{t("order")}</dt>
              <dd className="inline font-mono font-semibold" data-testid="receipt-reference">
                {r.reference}
              </dd>
            </div>
            <div>
              <dt className="inline">{t("date")}</dt>
              <dd className="inline">{at(r.orderedAt)}</dd>
            </div>
            <div>
              <dt className="inline">{t("billedTo")}</dt>
              <dd className="inline [overflow-wrap:anywhere]">{r.email}</dd>
            </div>
          </dl>
        </div>
      </header>

      {/* Five columns from a small tablet up; on a phone the quantity, unit price and discount
          go under the item's name, so the receipt never scrolls sideways. */}
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">{t("items")}</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="px-2 py-2 text-start">
              {t("item")}
            </th>
            {[t("qty"), t("unitPrice"), t("discount")].map((heading) => (
              <th key={heading} scope="col" className={`${cell} hidden sm:table-cell`}>
                {heading}
              </th>
            ))}
            <th scope="col" className={cell}>
              {t("amount")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {r.lines.map((l) => (
            <tr key={l.id}>
              <td className="px-2 py-2">
                {l.name}
                <span className="block text-slate-600 sm:hidden">
                  {l.quantity} × {money(l.unitPrice)}
                  {isZero(l.discount) ? "" : t("lineDiscount", { amount: money(l.discount) })}
                </span>
              </td>
              <td className={`${cell} hidden sm:table-cell`}>{l.quantity}</td>
              <td className={`${cell} hidden sm:table-cell`}>{money(l.unitPrice)}</td>
              <td className={`${cell} hidden sm:table-cell`}>{isZero(l.discount) ? "—" : `−${money(l.discount)}`}</td>
              <td className={cell}>{money(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="ms-auto mt-4 max-w-xs space-y-1 text-sm">
        <Row label={t("subtotal")} value={money(r.subtotal)} />
        {r.promo ? (
          <Row
            label={t("promo", { code: r.promo.code })}
            value={`−${money(r.promo.discount)}`}
            testId="receipt-discount"
          />
        ) : null}
        <Row label={t("total")} value={money(r.total)} strong testId="receipt-total" />
        {r.tax ? (
          <Row
            label={t("tax", { label: r.tax.label, rate: r.tax.rate })}
            value={money(r.tax.amount)}
            testId="receipt-tax"
          />
        ) : null}
      </dl>

      <section aria-labelledby="payment-heading" className="mt-6 border-t border-slate-200 pt-4 text-sm">
        <h2 id="payment-heading" className="font-semibold">
          {t("payment")}
        </h2>
        <p className="mt-1" data-testid="receipt-payment">
          {t("paid", { amount: money(r.payment.amount), method: r.payment.method, date: at(r.payment.at) })}
        </p>
        {r.refunds.length ? (
          <>
            <ul className="mt-2 space-y-1">
              {r.refunds.map((x) => (
                <li key={x.id} className="flex justify-between gap-4">
                  <span>{t("refundLine", { label: x.label, item: x.item, date: at(x.at) })}</span>
                  <span className="tabular-nums">−{money(x.amount)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-2 flex justify-between font-semibold">
              <span>{t("netPaid")}</span>
              <span className="tabular-nums">{money(r.netPaid)}</span>
            </p>
          </>
        ) : null}
      </section>
    </article>
  );
}

function Row({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "border-t border-slate-200 pt-1 text-base font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
