// The audit log for /admin/audit: newest first, server-paginated without a total count.
import "server-only";
import { requirePermission } from "@/lib/auth/guards";
import { db } from "@/lib/db";

export const auditPageSize = 50;

/** One page of audit rows, optionally for one action or actor email; order targets carry their reference. */
export async function listAuditLog(opts: { page: number; action?: string; actor?: string }) {
  await requirePermission("audit.read");
  const rows = await db.auditLog.findMany({
    where: {
      ...(opts.action ? { action: opts.action } : {}),
      ...(opts.actor ? { actorEmail: opts.actor.toLowerCase() } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (opts.page - 1) * auditPageSize,
    take: auditPageSize + 1,
  });
  const page = rows.slice(0, auditPageSize);
  const orderIds = [...new Set(page.filter((r) => r.targetType === "order" && r.targetId).map((r) => r.targetId!))];
  const orders = orderIds.length
    ? await db.order.findMany({ where: { id: { in: orderIds } }, select: { id: true, reference: true } })
    : [];
  const references = new Map(orders.map((o) => [o.id, o.reference]));
  return {
    rows: page.map((r) => ({
      ...r,
      orderReference: r.targetType === "order" && r.targetId ? (references.get(r.targetId) ?? null) : null,
    })),
    hasNext: rows.length > auditPageSize,
  };
}
