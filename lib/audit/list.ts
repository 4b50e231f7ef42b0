// The audit log for /admin/audit: newest first, server-paginated without a total count.
import "server-only";
import { requirePermission } from "@/lib/auth/guards";
import { db } from "@/lib/db";

export const auditPageSize = 50;

/** One page of audit rows, optionally for one action or actor email. */
export async function listAuditLog(opts: { page: number; action?: string; actor?: string }) {
  await requirePermission("audit.read");
  const rows = await db.auditLog.findMany({
    where: { ...(opts.action ? { action: opts.action } : {}), ...(opts.actor ? { actorEmail: opts.actor.toLowerCase() } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (opts.page - 1) * auditPageSize,
    take: auditPageSize + 1,
  });
  return { rows: rows.slice(0, auditPageSize), hasNext: rows.length > auditPageSize };
}
