// "Find my order": email + order reference → the order's link is emailed again (never shown here).
import type { Metadata } from "next";
import { MarketLink as Link } from "@/components/shop/market-link";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/auth/action-form";
import { env } from "@/lib/env";
import { findOrderAction } from "@/lib/orders/view/find-order-action";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("findOrder");
  return { title: t("title"), robots: { index: false } };
}

export default async function FindOrderPage() {
  const t = await getTranslations("findOrder");
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="mt-2 text-slate-700">{t("intro", { example: `${env.ORDER_REFERENCE_PREFIX}-7K3P9Q` })}</p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <ActionForm
          action={findOrderAction}
          submitLabel={t("submit")}
          fields={[
            { name: "email", label: t("email"), type: "email", autoComplete: "email" },
            { name: "reference", label: t("reference"), autoComplete: "off" },
          ]}
        />
      </div>
      <p className="mt-4 text-sm text-slate-600">
        {t("haveAccount")}{" "}
        <Link href="/account" className="font-medium text-brand-700 underline">
          {t("inAccount")}
        </Link>
        .
      </p>
    </div>
  );
}
