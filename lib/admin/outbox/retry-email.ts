// Staff put a failed email back in the queue for a new round of attempts (owner and staff;
// audited). Only a failed email moves: one the worker still holds or already sent cannot.
import "server-only";
import { z } from "zod";
import { runStaffAction } from "@/lib/admin/catalog/run-action";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { ActionState } from "@/lib/errors";
import { nudgeOutbox } from "@/lib/mail/outbox-nudge";

export const retryEmailSchema = z.object({ id: z.string().min(1).max(64) }).strict();

/** failed → outbox with attempts back at 0, due now; the worker sends it at its next pass. */
export async function retryFailedEmail(input: unknown, now: Date = new Date()): Promise<ActionState> {
  return runStaffAction("outbox.retry", retryEmailSchema, input, async (actor, { id }) => {
    const before = await db.outboxEmail.findUnique({
      where: { id },
      select: { status: true, attempts: true, error: true, kind: true },
    });
    if (!before) return { ok: false, message: "No such email." };
    const moved = await db.outboxEmail.updateMany({
      where: { id, status: "failed" },
      data: { status: "outbox", attempts: 0, nextAttemptAt: now },
    });
    if (moved.count !== 1)
      return { ok: false, message: `Only a failed email can be retried; this one is ${before.status}.` };
    await recordAudit({
      actor,
      action: "email.retry",
      targetType: "email",
      targetId: id,
      before: { status: before.status, attempts: before.attempts, error: before.error },
      after: { status: "outbox" },
    });
    nudgeOutbox();
    return {
      ok: true,
      message: env.SMTP_URL
        ? "Queued again: it is sent within seconds."
        : "Queued again; it is sent once SMTP_URL is configured.",
    };
  });
}
