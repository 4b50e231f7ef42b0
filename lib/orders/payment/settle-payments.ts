// The reconciler's payment pass: asks the provider about every payment that is not settled yet —
// `initiated` rows a crash or timeout left between the shop's claim and the provider's answer
// (looked up by their idempotency key), and `pending` ones whose confirmation is overdue (a
// delayed card, a Stripe event that was lost or never applied). Each is looked at on its own
// schedule (Payment.nextCheckAt), oldest due first, so none crowds the others out.
import "server-only";
import { db } from "@/lib/db";
import { getPaymentProvider } from "@/lib/payments";
import { applyPaymentAnswer, markPaymentFailed } from "./confirm-payment";
import { initiatedPaymentGraceMs, nextPaymentCheckAt } from "../core/schedule";
import { log } from "@/lib/log";

/** One pass; returns how many payments changed state. */
export async function settleOpenPayments(now: Date, opts: { limit?: number } = {}): Promise<number> {
  const due = await db.payment.findMany({
    where: {
      OR: [
        {
          status: "initiated",
          createdAt: { lte: new Date(now.getTime() - initiatedPaymentGraceMs) },
          OR: [{ nextCheckAt: null }, { nextCheckAt: { lte: now } }],
        },
        { status: "pending", OR: [{ nextCheckAt: null }, { nextCheckAt: { lte: now } }] },
      ],
    },
    orderBy: [{ nextCheckAt: "asc" }, { createdAt: "asc" }],
    take: opts.limit ?? 50,
  });
  const provider = getPaymentProvider();
  let changed = 0;
  for (const p of due) {
    const nextCheckAt = nextPaymentCheckAt(now, p.checks + 1, provider.kind);
    try {
      if (p.status === "initiated") {
        const found = await provider.lookupPayment(p.id, { orderId: p.orderId, createdAt: p.createdAt, now });
        const r = found.found
          ? await applyPaymentAnswer(p.id, found, { now, cause: "reconciler", nextCheckAt })
          : (await markPaymentFailed(p.id, "The payment was not completed. Nothing was charged.", {
                now,
                cause: "reconciler",
              }))
            ? "failed"
            : "unchanged";
        if (r !== "unchanged") changed++;
        continue;
      }
      if (!p.providerRef) continue;
      const check = await provider.confirmPayment(p.providerRef, now, { createdAt: p.createdAt });
      const r = await applyPaymentAnswer(p.id, check, { now, cause: "reconciler", nextCheckAt });
      if (r !== "pending" && r !== "unchanged") changed++;
    } catch (err) {
      // A provider outage for one payment must not stop the others, nor the purchases after them.
      await db.payment.updateMany({
        where: { id: p.id, status: p.status },
        data: { checks: { increment: 1 }, nextCheckAt },
      });
      log.error({ err, paymentId: p.id }, "reconciler: payment check failed");
    }
  }
  return changed;
}
