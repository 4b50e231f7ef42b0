// The shopper's order page, reached only through its unguessable token (checkout or email).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrderStatus } from "@/components/checkout/order-status";
import { getOrderViewByToken } from "@/lib/orders/order-view";

export const metadata: Metadata = { title: "Your order", robots: { index: false, follow: false }, referrer: "no-referrer" };
export const dynamic = "force-dynamic";

export default async function OrderPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await getOrderViewByToken(token);
  if (!view) notFound();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <OrderStatus token={token} initial={view} />
    </div>
  );
}
