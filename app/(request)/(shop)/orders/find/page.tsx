// "Find my order": email + order reference → the order's link is emailed again (never shown here).
import type { Metadata } from "next";
import { MarketLink as Link } from "@/components/shop/market-link";
import { ActionForm } from "@/components/auth/action-form";
import { env } from "@/lib/env";
import { findOrderAction } from "@/lib/orders/view/find-order-action";

export const metadata: Metadata = { title: "Find my order", robots: { index: false } };

export default async function FindOrderPage() {
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">Find my order</h1>
      <p className="mt-2 text-slate-700">
        Lost the link to your order? Enter the email you used at checkout and the order reference (like{" "}
        {env.ORDER_REFERENCE_PREFIX}-7K3P9Q, in the subject of our emails). We will email the link to that address.
      </p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <ActionForm
          action={findOrderAction}
          submitLabel="Email me the link"
          fields={[
            { name: "email", label: "Email", type: "email", autoComplete: "email" },
            { name: "reference", label: "Order reference", autoComplete: "off" },
          ]}
        />
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Have an account?{" "}
        <Link href="/account" className="font-medium text-brand-700 underline">
          Your orders are in your account
        </Link>
        .
      </p>
    </div>
  );
}
