// The admin webhook log: deliveries filtered by event and status, one server page at a time,
// and one delivery with its headers and body for the payload viewer. Callers check the role.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";

export const webhookStatuses = ["accepted", "processed", "ignored", "duplicate", "rejected", "error"] as const;
export const webhookEvents = ["order.created", "order.completed", "order.failed"] as const;

export const webhookLogQuerySchema = z.object({
  event: z.enum(webhookEvents).optional().catch(undefined),
  status: z.enum(webhookStatuses).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});
export type WebhookLogQuery = z.output<typeof webhookLogQuerySchema>;

export const webhookLogPageSize = 50;

/** Newest first; the list omits bodies and headers (the viewer loads one delivery's). */
export async function listWebhookLog(input: Record<string, unknown>) {
  const q = webhookLogQuerySchema.parse(input);
  const where = { event: q.event, status: q.status };
  const [total, rows] = await Promise.all([
    db.webhookDelivery.count({ where }),
    db.webhookDelivery.findMany({
      where,
      orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
      skip: (q.page - 1) * webhookLogPageSize,
      take: webhookLogPageSize,
      select: {
        id: true,
        deliveryId: true,
        event: true,
        upstreamOrderId: true,
        status: true,
        reason: true,
        bodyBytes: true,
        secretUsed: true,
        receivedAt: true,
        processedAt: true,
      },
    }),
  ]);
  return { rows, total, query: q, page: q.page, pageCount: Math.max(1, Math.ceil(total / webhookLogPageSize)) };
}

/** One delivery with pretty-printed headers and body (the body as received when it is not JSON). */
export async function getWebhookPayload(id: string) {
  const row = await db.webhookDelivery.findUnique({ where: { id } });
  if (!row) return null;
  return { ...row, headersPretty: prettyJson(row.headers), bodyPretty: prettyJson(row.body) };
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
