import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminPageHeader } from "@/app/(request)/admin/_components/admin-page-header";
import { formatTime } from "@/components/admin/format";
import { HeldPaymentActions } from "@/components/admin/held-payment-actions";
import {
  AttentionActions,
  ReconcileButton,
  RefundForm,
  ResendEmailButton,
  RevealCodesButton,
} from "@/components/admin/order-actions";
import { getAdminOrder } from "@/lib/admin/orders/detail";
import { lineActionsFor } from "@/lib/admin/orders/line-actions";
import { can } from "@/lib/auth/roles";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";

export const metadata = { title: "Order" };

// One order for staff: lines with their actions, payments and refunds, and the full timeline.
export default async function AdminOrderPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await guardAdminPage("/admin/orders/[id]");
  const data = await getAdminOrder((await params).id);
  if (!data) notFound();
  const { order, timeline, attemptsByLine } = data;
  const actions = new Map(order.lines.map((l) => [l.id, lineActionsFor(user, l)]));
  // Its headings' ids name the order: a page Next keeps hidden after a navigation may be another order's.
  const h = (name: string) => `${name}-${order.id}`;
  return (
    <>
      <AdminPageHeader
        title={`Order ${order.reference ?? order.id}`}
        description={`${order.reference ? `id ${order.id} · ` : ""}${order.email} · ${order.status.replace(/_/g, " ")} · ${order.total.toFixed(2)} ${order.currency}${order.promoCode ? ` (code ${order.promoCode}: −${order.discountTotal.toFixed(2)})` : ""} · ${formatTime(order.createdAt)}${order.user ? " · account" : " · guest"}`}
      >
        {can(user, "orders.resend") ? <ResendEmailButton orderId={order.id} /> : null}
      </AdminPageHeader>
      <p className="mb-4 text-sm">
        <Link href="/admin/orders" className="underline">
          ← All orders
        </Link>
      </p>

      <section aria-labelledby={h("lines-h")} className="mb-6">
        <h2 id={h("lines-h")} className="mb-2 text-lg font-semibold">
          Lines
        </h2>
        <ul className="space-y-3">
          {order.lines.map((l) => (
            <li key={l.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="order-line">
              <div className="flex flex-wrap justify-between gap-2">
                <div>
                  <p className="font-medium">
                    {l.quantity} × {l.productName}{" "}
                    <span className="text-sm text-slate-500">
                      ({l.itemCode}, {l.productType})
                    </span>
                  </p>
                  <p className="text-sm text-slate-600">
                    State <strong data-testid="line-status">{l.status.replace(/_/g, " ")}</strong> · price{" "}
                    {l.unitPrice.toFixed(2)}
                    {l.unitDiscount.isZero() ? "" : ` (after ${l.unitDiscount.toFixed(2)} off with the code)`} · cost{" "}
                    {l.unitCost.toFixed(2)} · total {l.lineTotal.toFixed(2)} {l.currency}
                  </p>
                  <p className="text-sm text-slate-600">
                    Upstream order {l.upstreamOrderId ?? "—"} / {l.upstreamOrderNo ?? "—"} · attempt {l.attempt} ·
                    checks {l.checks}
                    {l.failureReason ? ` · ${l.failureReason}` : ""}
                    {l.refunds
                      .map(
                        (r) =>
                          ` · ${r.kind.replace(/_/g, " ")} refund ${r.amount.toFixed(2)} ${r.status}${r.failureReason && r.status === "failed" ? ` (${r.failureReason})` : ""}`,
                      )
                      .join("")}
                    {l.deliveredQuantity !== null && l.deliveredQuantity < l.quantity
                      ? ` · delivered ${l.deliveredQuantity} of ${l.quantity}`
                      : ""}
                    {l.upstreamAmount ? ` · supplier charged ${l.upstreamAmount.toFixed(2)}` : ""}
                  </p>
                  <p className="text-sm text-slate-600" data-testid="line-supplier">
                    Supplier <strong>{l.supplier}</strong>
                    {l.supplierItemCode ? ` (its item ${l.supplierItemCode})` : ""}
                    {(attemptsByLine.get(l.id) ?? [])
                      .filter((a) => a.outcome === "failed_over")
                      .map((a) => ` · failed over from ${a.supplier}${a.reason ? ` (${a.reason})` : ""}`)
                      .join("")}
                  </p>
                  {l.attentionReason ? (
                    <div
                      className="mt-1 rounded bg-amber-50 px-2 py-1 text-sm text-amber-900 ring-1 ring-amber-200"
                      data-testid="line-attention"
                    >
                      <p>Needs attention: {l.attentionReason}</p>
                      {actions.get(l.id)?.attention ? (
                        <AttentionActions lineId={l.id} {...actions.get(l.id)!.attention!} />
                      ) : null}
                    </div>
                  ) : null}
                </div>
                <div className="flex flex-col items-start gap-2 sm:items-end">
                  {actions.get(l.id)?.reconcile ? <ReconcileButton lineId={l.id} /> : null}
                  {actions.get(l.id)?.refund ? (
                    <RefundForm lineId={l.id} amount={`${l.lineTotal.toFixed(2)} ${l.currency}`} />
                  ) : null}
                  {actions.get(l.id)?.reveal ? <RevealCodesButton lineId={l.id} /> : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {order.payments
        .filter((p) => p.status === "held")
        .map((p) => (
          <section
            key={p.id}
            aria-labelledby={`held-h-${p.id}`}
            className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4"
            data-testid="held-payment"
          >
            <h2 id={`held-h-${p.id}`} className="mb-1 text-lg font-semibold">
              Held payment
            </h2>
            <p className="mb-2 text-sm text-slate-700 [overflow-wrap:anywhere]">
              {p.provider} {p.providerRef}: {p.failureReason ?? "held for review"}. Nothing is bought until staff
              release it; a refund cancels the order.
            </p>
            {can(user, "payments.release") || can(user, "orders.refund") ? (
              <HeldPaymentActions
                paymentId={p.id}
                canRelease={can(user, "payments.release")}
                canRefund={can(user, "orders.refund")}
              />
            ) : (
              <p className="text-sm text-slate-500">An owner or staff member can release or refund it.</p>
            )}
          </section>
        ))}

      <section aria-labelledby={h("pay-h")} className="mb-6">
        <h2 id={h("pay-h")} className="mb-2 text-lg font-semibold">
          Payments and refunds
        </h2>
        <ul className="space-y-1 text-sm [overflow-wrap:anywhere]">
          {order.payments.map((p) => (
            <li key={p.id}>
              Payment {p.provider} {p.providerRef ?? "(no answer from the provider yet)"}: {p.amount.toFixed(2)}{" "}
              {p.currency} · {p.status}
              {p.method ? ` · ${p.method}` : ""}
              {p.failureReason ? ` · ${p.failureReason}` : ""} · {formatTime(p.createdAt)}
            </li>
          ))}
          {order.refunds.map((r) => (
            <li key={r.id}>
              Refund ({r.kind.replace(/_/g, " ")}) {r.amount.toFixed(2)} {r.currency} · {r.status}
              {r.status === "failed" && r.failureReason ? ` (${r.failureReason})` : ""} · {r.reason} ·{" "}
              {formatTime(r.createdAt)}
            </li>
          ))}
          {order.payments.length + order.refunds.length === 0 ? <li className="text-slate-500">None.</li> : null}
        </ul>
      </section>

      <section aria-labelledby={h("tl-h")}>
        <h2 id={h("tl-h")} className="mb-2 text-lg font-semibold">
          Timeline
        </h2>
        <ol className="space-y-2 border-l-2 border-slate-200 pl-4 text-sm [overflow-wrap:anywhere]">
          {timeline.map((t, i) => (
            <li key={i}>
              <span className="text-slate-500">{formatTime(t.at)}</span>{" "}
              <span className="rounded bg-slate-100 px-1 text-xs uppercase">{t.source}</span> <strong>{t.title}</strong>
              {t.detail ? <span className="block break-words text-slate-600">{t.detail}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
