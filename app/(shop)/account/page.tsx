import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { ResendVerification } from "@/components/auth/resend-verification";
import { db } from "@/lib/db";
import { getSessionUser } from "@/lib/auth/guards";
import { listAccountOrders } from "@/lib/auth/account-orders";

export const metadata: Metadata = { title: "Your account", robots: { index: false } };

// The signed-in shopper's order history; each order links to its own (token) page.
export default async function AccountPage() {
  const user = await getSessionUser();
  if (!user) redirect("/sign-in?callbackUrl=/account");
  const [orders, record] = await Promise.all([
    listAccountOrders(user.id),
    db.user.findUnique({ where: { id: user.id }, select: { emailVerifiedAt: true } }),
  ]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="mb-6 flex items-center justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Your orders</h1>
          <p className="text-sm text-slate-600">Signed in as {user.email}{user.role !== "shopper" ? ` (${user.role}) · ` : ""}{user.role !== "shopper" ? <Link href="/admin" className="underline">Admin</Link> : null}</p>
        </div>
        <SignOutButton />
      </div>
      {!record?.emailVerifiedAt ? <ResendVerification /> : null}
      {orders.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No orders yet. Orders you placed as a guest with this email appear here once you confirm your email.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {orders.map((o) => (
            <li key={o.token}>
              <Link href={`/orders/${o.token}`} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50">
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{o.items}</span>
                  <span className="text-sm text-slate-600">{o.createdAt.toISOString().slice(0, 10)} · {o.status.replace(/_/g, " ")}</span>
                </span>
                <span className="font-semibold tabular-nums">{o.total} {o.currency}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
