// The order's printable receipt, reached like the order page: through its unguessable token.
import type { Metadata } from "next";
import { MarketLink as Link } from "@/components/shop/market-link";
import { notFound } from "next/navigation";
import { PrintButton } from "@/components/shop/print-button";
import { ReceiptView } from "@/components/shop/receipt-view";
import { getReceiptByToken } from "@/lib/receipts/receipt";

export const metadata: Metadata = {
  title: "Receipt",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};
type Props = { params: Promise<{ token: string }> };

export default async function ReceiptPage({ params }: Props) {
  const { token } = await params;
  const receipt = await getReceiptByToken(token);
  if (!receipt) notFound();
  const back = (
    <Link href={`/orders/${token}`} className="font-semibold text-brand-700 underline underline-offset-2">
      Back to your order
    </Link>
  );
  if (!receipt.paid) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-2xl font-bold">No receipt yet</h1>
        <p className="mt-2 text-slate-700">
          {`There is a receipt for ${receipt.reference ? `order ${receipt.reference}` : "this order"} once its payment is confirmed. An order cancelled before it was paid has none: nothing was charged.`}
        </p>
        <p className="mt-4">{back}</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:px-0 print:py-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        {back}
        <PrintButton />
      </div>
      <ReceiptView r={receipt} />
    </div>
  );
}
