// The audit log: every staff action that reads secrets or changes state leaves a row
// (who, what, when, before/after). Before/after are JSON text so the schema stays portable.
import "server-only";
import { db } from "@/lib/db";
import type { StaffUser } from "@/lib/auth/roles";

export type AuditEntry = {
  actor: StaffUser;
  action: string;
  targetType: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
};

const maxJsonChars = 20_000;

/** Serialises a before/after value; Decimals and Dates become strings, huge values are cut. */
export function toAuditJson(value: unknown): string | null {
  if (value === undefined) return null;
  const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
  if (text === undefined) return null;
  return text.length > maxJsonChars ? JSON.stringify({ truncated: true, preview: text.slice(0, maxJsonChars) }) : text;
}

/** Appends one audit row. Callers must never pass codes, top-up fields or secrets. */
export async function recordAudit(entry: AuditEntry): Promise<void> {
  await db.auditLog.create({
    data: {
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      actorRole: entry.actor.role,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      before: toAuditJson(entry.before),
      after: toAuditJson(entry.after),
    },
  });
}
