// Deliveries that were claimed and acknowledged but never settled (the process stopped between
// the claim and applying it). The sender's retry of the same id is answered "duplicate", so
// nothing else would apply it: this finishes each one from the stored, already verified body,
// whichever sender it came from. Run by a periodic job.
import "server-only";
import { db } from "@/lib/db";
import { settleDelivery } from "./inbox";
import { recordOutcome } from "./record";
import type { WebhookSourceName } from "./source";
import { webhookSource } from "./sources";

/**
 * Settles claimed deliveries older than `staleMs` that have no outcome yet. Each row is taken
 * with a conditional update, so two instances running this never both settle one delivery.
 */
export async function resumeUnsettledDeliveries(nowMs = Date.now(), staleMs = 60_000): Promise<number> {
  const stale = await db.webhookDelivery.findMany({
    where: { status: "accepted", reason: null, receivedAt: { lt: new Date(nowMs - staleMs) } },
    orderBy: { receivedAt: "asc" },
    take: 50,
    select: { id: true, body: true, source: true },
  });
  let resumed = 0;
  for (const row of stale) {
    const taken = await db.webhookDelivery.updateMany({
      where: { id: row.id, status: "accepted", reason: null },
      data: { reason: "resumed" },
    });
    if (taken.count !== 1) continue;
    let source: ReturnType<typeof webhookSource>;
    let body: unknown;
    try {
      source = webhookSource(row.source as WebhookSourceName);
      body = source.parseStored(row.body);
    } catch (error) {
      await recordOutcome(row.id, "error", `resume failed: ${error instanceof Error ? error.name : "error"}`).catch(
        () => undefined,
      );
      continue;
    }
    if (await settleDelivery(source, row.id, body, new Date(nowMs), "resumed: ")) resumed++;
  }
  return resumed;
}
