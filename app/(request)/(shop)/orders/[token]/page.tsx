// The shopper's order page, reached only through its unguessable token (checkout or email).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { OrderStatus } from "@/components/checkout/order-status";
import { PaymentReturnNote } from "@/components/checkout/payment-return-note";
import { getOrderViewByToken } from "@/lib/orders/view/order-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("order");
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}
type Props = { params: Promise<{ token: string }>; searchParams: Promise<{ payment?: string }> };

export default async function OrderPage({ params, searchParams }: Props) {
  const { token } = await params;
  const { payment } = await searchParams;
  const view = await getOrderViewByToken(token);
  if (!view) notFound();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {view.status === "awaiting_payment" ? <PaymentReturnNote from={payment} /> : null}
      <OrderStatus token={token} initial={view} />
    </div>
  );
}
