// Claiming and recording outbox emails: every step is a conditional write, so any number of
// workers (processes, instances) can run at once and each email has exactly one holder.
import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { afterFailure } from "./outbox-policy";

export type Claim = { id: string; token: string; attempt: number };

/** Emails a worker may take now: waiting and due, or claimed by someone whose lease ran out. */
export async function findDueEmails(now: Date, limit: number) {
  return db.outboxEmail.findMany({
    where: { status: { in: ["outbox", "sending"] }, nextAttemptAt: { lte: now } },
    orderBy: { nextAttemptAt: "asc" },
    take: limit,
    select: { id: true, status: true, claimToken: true, attempts: true },
  });
}

/**
 * Takes one email for `leaseMs` if it is still as we saw it (same status and claim token, still
 * due). Two workers that saw the same row cannot both win: the first write changes the token.
 */
export async function claimEmail(
  seen: { id: string; status: string; claimToken: string | null; attempts: number },
  now: Date,
  leaseMs: number,
): Promise<Claim | null> {
  const token = randomUUID();
  const taken = await db.outboxEmail.updateMany({
    where: { id: seen.id, status: seen.status, claimToken: seen.claimToken, nextAttemptAt: { lte: now } },
    data: {
      status: "sending",
      claimToken: token,
      attempts: { increment: 1 },
      nextAttemptAt: new Date(now.getTime() + leaseMs),
      lastAttemptAt: now,
    },
  });
  return taken.count === 1 ? { id: seen.id, token, attempt: seen.attempts + 1 } : null;
}

/** Records a delivery and wipes the encrypted copy as sent (links, codes); false if the claim was lost. */
export async function recordSent(claim: Claim, now: Date): Promise<boolean> {
  const r = await db.outboxEmail.updateMany({
    where: { id: claim.id, status: "sending", claimToken: claim.token },
    data: { status: "sent", sentAt: now, error: null, secretEnc: null },
  });
  return r.count === 1;
}

/** Records a failed attempt: back to the queue after a growing wait, or failed for good. */
export async function recordFailure(
  claim: Claim,
  now: Date,
  failure: { message: string; permanent: boolean; createdAt: Date },
): Promise<"retry" | "failed" | "lost"> {
  const outcome = afterFailure(claim.attempt, now, { permanent: failure.permanent, createdAt: failure.createdAt });
  const data =
    outcome.status === "failed"
      ? { status: "failed", error: failure.message }
      : { status: "outbox", nextAttemptAt: outcome.nextAttemptAt, error: failure.message };
  const r = await db.outboxEmail.updateMany({
    where: { id: claim.id, status: "sending", claimToken: claim.token },
    data,
  });
  if (r.count !== 1) return "lost";
  return outcome.status === "failed" ? "failed" : "retry";
}
