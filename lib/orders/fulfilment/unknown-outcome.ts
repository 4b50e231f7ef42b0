// A line whose purchase may have made an order (an earlier attempt's outcome is unknown) but that
// cannot go on as it is: its replay was refused without an order id (an upstream that checks stock
// before it looks the key up), the price rose past its margin, or its top-up details cannot be
// read. Nothing proves the order absent (docs/money-rules.md#m4), so the shop looks for it in the
// supplier's order list (find-upstream-order.ts) before anyone is refunded:
// - found: adopted (read and delivered) unless another line of the same SKU and quantity may also
//   own it: for code lines (interchangeable) the oldest such line goes first, so two lines never
//   wait on each other; a top-up's order credits one account, so it is adopted only by the one
//   line that can own it — otherwise the line keeps trying its own key;
// - not found: keep trying the key until the search window has passed, then refund and tell staff.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { findUpstreamOrderFor, unknownOutcomeSearchMs } from "./find-upstream-order";
import type { PurchasingLine } from "./purchasing-line";
import { refundFailedLine } from "../refunds/refund-line";
import { nextRetryAt } from "../core/schedule";
import { transitionLine, type Cause } from "../core/transition";
import { say } from "../core/timeline-words";

type Opts = { now: Date; cause: Cause; signal?: AbortSignal };

export async function resolveMaybeOrdered(line: PurchasingLine, reason: string, opts: Opts): Promise<void> {
  const since = line.unknownOutcomeAt ?? line.firstAttemptAt ?? opts.now;
  let found: Awaited<ReturnType<typeof findUpstreamOrderFor>> | null = null;
  try {
    found = await findUpstreamOrderFor(line, opts.now, opts.signal);
  } catch {
    found = null; // the list could not be read now: look again later
  }
  if (found?.orderId != null) {
    if (!(await hasRival(line, { olderOnly: !line.isTopup })) && (await adopt(line.id, found.orderId, opts))) return;
    return later(
      line,
      opts,
      `A supplier order that may be this line's (${found.orderId}) exists; the shop keeps trying the line's own key.`,
    );
  }
  const waited = opts.now.getTime() - since.getTime();
  if (!found || waited < unknownOutcomeSearchMs) return later(line, opts);
  const note = found.searchable
    ? `A purchase attempt had an unknown outcome and no supplier order was found for it in ${unknownOutcomeSearchMs / 60_000} minutes; the shopper was refunded. Check the supplier's orders for this item.`
    : `A purchase attempt had an unknown outcome; the supplier's order list cannot show which order is whose, so after ${unknownOutcomeSearchMs / 60_000} minutes the shopper was refunded. Check the supplier's orders for this item.`;
  const moved = await transitionLine(line.id, "purchasing", "failed", {
    cause: opts.cause,
    ...say("failed", { reason }),
    data: { failureReason: reason, nextCheckAt: opts.now, attentionReason: note, attentionAt: opts.now },
    now: opts.now,
  });
  if (moved) await refundFailedLine(line.id, opts);
}

/**
 * Another line of the same SKU and quantity whose purchase may also have made an order (with
 * `olderOnly`, one that tried first): the match may be its order. A code line whose own order was
 * adopted by an older one is refunded (apply-upstream-order.ts).
 */
async function hasRival(line: PurchasingLine, opts: { olderOnly: boolean }): Promise<boolean> {
  const first = line.firstAttemptAt ?? line.createdAt;
  const rival = await db.orderLine.findFirst({
    where: {
      id: { not: line.id },
      itemCode: line.itemCode,
      quantity: line.quantity,
      status: "purchasing",
      unknownOutcomeAt: { not: null },
      ...(opts.olderOnly
        ? { OR: [{ firstAttemptAt: { lt: first } }, { firstAttemptAt: first, id: { lt: line.id } }] }
        : {}),
    },
    select: { id: true },
  });
  return rival !== null;
}

async function adopt(lineId: string, upstreamOrderId: number, opts: Opts): Promise<boolean> {
  try {
    return await transitionLine(lineId, "purchasing", "pending_upstream", {
      cause: opts.cause,
      ...say("processing"),
      data: { upstreamOrderId, checks: 0, nextCheckAt: opts.now },
      now: opts.now,
    });
  } catch (err) {
    // Another line took that order meanwhile (unique upstreamOrderId): not ours after all.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return false;
    throw err;
  }
}

async function later(line: PurchasingLine, opts: Opts, note?: string): Promise<void> {
  await db.orderLine.updateMany({
    where: { id: line.id, status: "purchasing" },
    data: {
      checks: { increment: 1 },
      nextCheckAt: nextRetryAt(opts.now, line.checks),
      ...(note ? { attentionReason: note, attentionAt: opts.now } : {}),
    },
  });
}
