// What staff do about a line that asked for a person (Needs attention on the order page): buy a
// line held after a supplier price rise anyway, refund it instead, or mark the note as handled.
// Callers check permissions; every decision is on the order's timeline with who made it.
import "server-only";
import { db } from "@/lib/db";
import { fulfilLine } from "./fulfil-line";
import { processOwner, withLineLease } from "../core/line-lease";
import { refundFailedLine } from "../refunds/refund-line";
import { recordOrderEvent, transitionLine } from "../core/transition";
import { say } from "../core/timeline-words";

type Staff = { actorId: string; now: Date };

/** Where the price guard holds a line: before its first purchase, or on a retry after refusals (no order can exist). */
const heldWhere = (lineId: string) => ({
  id: lineId,
  status: { in: ["paid", "purchasing"] },
  nextCheckAt: null,
  attentionReason: { not: null },
  unknownOutcomeAt: null,
});

/** A line held by the price guard: staff accept today's price; it is bought now. */
export async function buyHeldLineAnyway(lineId: string, opts: Staff): Promise<boolean> {
  const held = await db.orderLine.updateMany({
    where: heldWhere(lineId),
    data: { priceCheckedAt: opts.now, attentionReason: null, attentionAt: null, nextCheckAt: opts.now },
  });
  if (held.count !== 1) return false;
  const line = await db.orderLine.findUniqueOrThrow({ where: { id: lineId } });
  await recordOrderEvent({
    orderId: line.orderId,
    lineId,
    kind: "note",
    cause: "staff",
    causeRef: opts.actorId,
    ...say("priceAccepted"),
    now: opts.now,
  });
  await withLineLease(lineId, processOwner, opts.now, () => fulfilLine(lineId, { now: opts.now, cause: "staff" }));
  return true;
}

/** A line held by the price guard: staff decide not to buy it; the shopper is refunded. */
export async function refundHeldLine(lineId: string, opts: Staff & { reason: string }): Promise<boolean> {
  const line = await db.orderLine.findFirst({ where: heldWhere(lineId), select: { status: true } });
  if (!line) return false;
  const moved = await transitionLine(lineId, line.status === "purchasing" ? "purchasing" : "paid", "failed", {
    cause: "staff",
    causeRef: opts.actorId,
    ...say("failed", { reason: opts.reason }),
    data: { failureReason: opts.reason, attentionReason: null, attentionAt: null, nextCheckAt: opts.now },
    now: opts.now,
  });
  if (moved) await refundFailedLine(lineId, { now: opts.now, cause: "staff", actorId: opts.actorId });
  return moved;
}

/** Marks a line's note as handled (e.g. the missing codes were claimed from the supplier). */
export async function dismissAttention(lineId: string, opts: Staff): Promise<string | null> {
  const line = await db.orderLine.findUnique({
    where: { id: lineId },
    select: { orderId: true, attentionReason: true, status: true, nextCheckAt: true },
  });
  if (!line?.attentionReason) return null;
  // A held line is not "handled" by dismissing it: staff buy it or refund it.
  if ((line.status === "paid" || line.status === "purchasing") && line.nextCheckAt === null) return null;
  await db.orderLine.update({ where: { id: lineId }, data: { attentionReason: null, attentionAt: null } });
  await db.orderEvent.create({
    data: {
      orderId: line.orderId,
      lineId,
      kind: "staff_note",
      cause: "staff",
      causeRef: opts.actorId,
      message: `Handled: ${line.attentionReason}`,
      createdAt: opts.now,
    },
  });
  return line.attentionReason;
}
