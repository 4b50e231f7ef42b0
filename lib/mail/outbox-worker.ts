// The outbox worker: sends recorded emails, retries failures with growing waits, gives up after
// a bounded number of attempts. Safe on several instances: each email is claimed with a lease
// before it is sent (lib/mail/outbox-claim.ts) and the send is cut off well inside the lease, so
// no two workers ever hold the same email; the outbox id is the Message-ID of every attempt.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { openOutboxBody, type MailBody } from "./outbox-body";
import { claimEmail, findDueEmails, recordFailure, recordSent, type Claim } from "./outbox-claim";
import { setOutboxNudgeHandler } from "./outbox-nudge";
import { claimLeaseMs, isTooOld, maxAgeMs, passBatchSize, pollIntervalMs, sendDeadlineMs } from "./outbox-policy";
import { mailDomain } from "./smtp-config";
import { SmtpSendError } from "./smtp-session";
import { getMailTransport, type MailTransport } from "./mail-transport";
import { log } from "@/lib/log";

/** An SMTP answer for the log, with any address in it replaced (they name the recipient). */
function withoutAddresses(message: string): string {
  return message.replace(/[^\s<>"']+@[^\s<>"']+/g, "<address>").slice(0, 300);
}

export type OutboxPassOptions = {
  /** The clock (tests move it; production reads the real time at every step). */
  now?: () => Date;
  /** Default: SMTP from SMTP_URL; null = none (nothing is sent). */
  transport?: MailTransport | null;
  limit?: number;
  leaseMs?: number;
  deadlineMs?: number;
};

export type OutboxPassResult = { sent: number; retried: number; failed: number; lost: number; skipped: number };

/** One pass: every due email, one at a time (claim, send, record), up to `limit`. */
export async function runOutboxPass(opts: OutboxPassOptions = {}): Promise<OutboxPassResult> {
  const result: OutboxPassResult = { sent: 0, retried: 0, failed: 0, lost: 0, skipped: 0 };
  const transport = opts.transport === undefined ? getMailTransport() : opts.transport;
  if (!transport) return result;
  const clock = opts.now ?? (() => new Date());
  const leaseMs = opts.leaseMs ?? claimLeaseMs;
  // Never more than half the lease: the claim outlives the slowest possible send.
  const deadlineMs = Math.min(opts.deadlineMs ?? sendDeadlineMs, Math.floor(leaseMs / 2));
  for (const seen of await findDueEmails(clock(), opts.limit ?? passBatchSize)) {
    // Claimed one at a time, right before sending, so a slow email never eats a later one's lease.
    const claim = await claimEmail(seen, clock(), leaseMs);
    if (!claim) {
      result.skipped++;
      continue;
    }
    const outcome = await deliverClaimed(claim, transport, clock, deadlineMs);
    result[outcome === "retry" ? "retried" : outcome]++;
  }
  return result;
}

async function deliverClaimed(
  claim: Claim,
  transport: MailTransport,
  clock: () => Date,
  deadlineMs: number,
): Promise<"sent" | "retry" | "failed" | "lost"> {
  const row = await db.outboxEmail.findUniqueOrThrow({
    where: { id: claim.id },
    select: { kind: true, to: true, subject: true, text: true, html: true, secretEnc: true, createdAt: true },
  });
  const fail = async (message: string, permanent: boolean) => {
    const outcome = await recordFailure(claim, clock(), { message, permanent, createdAt: row.createdAt });
    if (outcome === "failed")
      log.error(
        { emailId: claim.id, kind: row.kind, attempts: claim.attempt, reason: withoutAddresses(message) },
        "email: gave up sending",
      );
    return outcome;
  };
  if (isTooOld(row.createdAt, clock()))
    return fail(`Not sent within ${maxAgeMs / 3_600_000} hours of being recorded.`, true);
  let body: MailBody;
  try {
    body = openOutboxBody(row);
  } catch {
    return fail("The encrypted message could not be read (was CODES_ENCRYPTION_KEY changed?).", true);
  }
  try {
    const messageId = `<${claim.id}@${mailDomain(env.MAIL_FROM)}>`;
    await transport.send(
      { messageId, from: env.MAIL_FROM, to: row.to, subject: row.subject, text: body.text, html: body.html },
      deadlineMs,
    );
  } catch (err) {
    return fail(
      err instanceof Error ? err.message.slice(0, 500) : "send failed",
      err instanceof SmtpSendError && err.permanent,
    );
  }
  if (await recordSent(claim, clock())) return "sent";
  log.warn(
    { emailId: claim.id, kind: row.kind },
    "email: sent after its claim was taken over; a second copy would carry the same Message-ID",
  );
  return "lost";
}

let started = false;

/** Starts this process's worker: a pass now, on every nudge, every few seconds, and straight on while a backlog lasts. */
export function startOutboxWorker(): void {
  if (started || !env.SMTP_URL) return;
  started = true;
  let running = false;
  let again = false;
  const pass = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    runOutboxPass()
      .then((r) => {
        // A full batch means more may be waiting: go on at once instead of at the next poll.
        if (r.sent + r.retried + r.failed + r.lost + r.skipped >= passBatchSize) again = true;
      })
      .catch((error: unknown) => log.error({ err: error }, "email: outbox pass failed"))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          setImmediate(pass);
        }
      });
  };
  setOutboxNudgeHandler(pass);
  setInterval(pass, pollIntervalMs).unref?.();
  pass();
}
