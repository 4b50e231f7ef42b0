import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import Link from "next/link";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { SignOutEverywhereButton } from "@/components/auth/sign-out-everywhere-button";
import { formatMoney } from "@/components/shop/format-money";
import { EmptyState } from "@/components/ui/empty-state";
import { ResendVerification } from "@/components/auth/resend-verification";
import { db } from "@/lib/db";
import { guardPage } from "@/lib/http/page-guard";
import { listAccountOrders } from "@/lib/auth/account-orders";
import { pathUnderPrefix } from "@/lib/markets/prefix-path";
import { requestMarket } from "@/lib/markets/request-market";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("accountPage"))("title"), robots: { index: false } };
}

/** "awaiting_payment" → "Awaiting payment": the history reads as sentences, not enum values. */
function statusLabel(status: string): string {
  const text = status.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The signed-in shopper's order history; each order links to its own (token) page.
export default async function AccountPage() {
  const user = await guardPage("/account");
  const [orders, record, locale, t, { prefix }] = await Promise.all([
    listAccountOrders(user.id),
    db.user.findUnique({ where: { id: user.id }, select: { emailVerifiedAt: true } }),
    getLocale(),
    getTranslations("accountPage"),
    requestMarket(),
  ]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("orders")}</h1>
          <p className="text-sm text-slate-600">
            {t("signedInAs", { email: user.email })}
            {user.role !== "shopper" ? ` (${user.role}) · ` : ""}
            {user.role !== "shopper" ? (
              <Link href="/admin" className="underline">
                Admin
              </Link>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <SignOutEverywhereButton />
          <SignOutButton label={t("signOut")} />
        </div>
      </div>
      {!record?.emailVerifiedAt ? <ResendVerification /> : null}
      {orders.length === 0 ? (
        <EmptyState
          title={t("noOrders")}
          body={t("noOrdersBody")}
          actionHref={pathUnderPrefix(prefix, "/search")}
          actionLabel={t("browse")}
        />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {orders.map((o) => (
            <li key={o.token}>
              <Link
                href={pathUnderPrefix(prefix, `/orders/${o.token}`)}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{o.items}</span>
                  <span className="text-sm text-slate-600">
                    {o.reference ? <span className="font-mono">{o.reference}</span> : null}
                    {o.reference ? " · " : ""}
                    {o.createdAt.toISOString().slice(0, 10)} · {statusLabel(o.status)}
                  </span>
                </span>
                <span className="font-semibold tabular-nums">{formatMoney(o.total, o.currency, locale)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
