// Deliveries that were claimed and acknowledged but never settled (the process stopped
// between the 2xx and the read-back). The reconciler's polling would settle the order
// anyway; this finishes the delivery's own record and settles sooner. For a periodic job.
import "server-only";
import { db } from "@/lib/db";
import { processWebhookDelivery } from "@/lib/webhooks/process";
import { webhookBodySchema } from "@/lib/webhooks/verify";

/**
 * Settles claimed deliveries older than `staleMs` that have no outcome yet. Each row is taken
 * with a conditional update, so two instances running this never both settle one delivery.
 */
export async function resumeUnsettledDeliveries(nowMs = Date.now(), staleMs = 60_000): Promise<number> {
  const stale = await db.webhookDelivery.findMany({
    where: { source: "upstream", status: "accepted", reason: null, receivedAt: { lt: new Date(nowMs - staleMs) } },
    orderBy: { receivedAt: "asc" },
    take: 50,
    select: { id: true, body: true },
  });
  let resumed = 0;
  for (const row of stale) {
    const taken = await db.webhookDelivery.updateMany({
      where: { id: row.id, status: "accepted", reason: null },
      data: { reason: "resumed" },
    });
    if (taken.count !== 1) continue;
    // The body was verified when it was received; it is parsed again only to type it.
    const body = webhookBodySchema.parse(JSON.parse(row.body));
    await processWebhookDelivery(row.id, body);
    resumed++;
  }
  return resumed;
}
