// The order's printable receipt, reached like the order page: through its unguessable token.
import type { Metadata } from "next";
import { MarketLink as Link } from "@/components/shop/market-link";
import { notFound } from "next/navigation";
import { PrintButton } from "@/components/shop/print-button";
import { ReceiptView } from "@/components/shop/receipt-view";
import { getTranslations } from "next-intl/server";
import { translatorFor } from "@/lib/i18n/translator";
import { getReceiptByToken } from "@/lib/receipts/receipt";

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("receipt");
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

export default async function ReceiptPage({ params }: Props) {
  const { token } = await params;
  const receipt = await getReceiptByToken(token);
  if (!receipt) notFound();
  // The order's language, not the page's: the receipt reads as the order was placed (docs/markets.md#languages).
  const t = translatorFor(receipt.locale, "receipt");
  const back = (
    <Link href={`/orders/${token}`} className="font-semibold text-brand-700 underline underline-offset-2">
      {t("back")}
    </Link>
  );
  if (!receipt.paid) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-2xl font-bold">{t("noneTitle")}</h1>
        <p className="mt-2 text-slate-700">{t("noneBody", { reference: receipt.reference || "none" })}</p>
        <p className="mt-4">{back}</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:px-0 print:py-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        {back}
        <PrintButton label={t("print")} />
      </div>
      <ReceiptView r={receipt} />
    </div>
  );
}
