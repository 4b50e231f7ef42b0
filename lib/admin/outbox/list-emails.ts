// The admin outbox: emails the shop recorded (all of them; with no SMTP_URL they stay here
// unsent) and where each stands with the outbox worker. What is kept here never holds codes
// (a buyer's copy with codes is stored encrypted and wiped once sent), so support may read them.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";

export const outboxQuerySchema = z.object({
  status: z.enum(["outbox", "sending", "sent", "failed"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

export const outboxPageSize = 50;

/** Newest first, without the body text (the viewer loads one email). */
export async function listOutboxEmails(input: Record<string, unknown>) {
  const q = outboxQuerySchema.parse(input);
  const where = { status: q.status };
  const [total, rows] = await Promise.all([
    db.outboxEmail.count({ where }),
    db.outboxEmail.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (q.page - 1) * outboxPageSize,
      take: outboxPageSize,
      select: { id: true, kind: true, to: true, subject: true, status: true, attempts: true, nextAttemptAt: true, error: true, orderId: true, createdAt: true, sentAt: true },
    }),
  ]);
  return { rows, total, query: q, page: q.page, pageCount: Math.max(1, Math.ceil(total / outboxPageSize)) };
}

/** One email with its text, for the viewer. */
export async function getOutboxEmail(id: string) {
  return db.outboxEmail.findUnique({
    where: { id },
    select: { id: true, kind: true, to: true, subject: true, text: true, status: true, attempts: true, nextAttemptAt: true, lastAttemptAt: true, error: true, orderId: true, createdAt: true, sentAt: true },
  });
}
