// Reads of the webhook log for the admin (list with filters, one delivery, an order's
// deliveries for its timeline). Callers check the staff role before calling these.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";

export const webhookLogFilterSchema = z
  .object({
    status: z.enum(["accepted", "processed", "ignored", "duplicate", "rejected", "error"]).optional(),
    deliveryId: z.string().max(200).optional(),
    upstreamOrderId: z.coerce.number().int().positive().optional(),
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type WebhookLogFilter = z.input<typeof webhookLogFilterSchema>;

/** One page of the webhook log, newest first, for the admin's webhook screen. */
export async function listWebhookDeliveries(filter: WebhookLogFilter = {}) {
  const f = webhookLogFilterSchema.parse(filter);
  const where = { status: f.status, deliveryId: f.deliveryId, upstreamOrderId: f.upstreamOrderId };
  const [rows, total] = await Promise.all([
    db.webhookDelivery.findMany({
      where,
      orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
      skip: (f.page - 1) * f.perPage,
      take: f.perPage,
      omit: { body: true, headers: true },
    }),
    db.webhookDelivery.count({ where }),
  ]);
  return { rows, total, page: f.page, perPage: f.perPage };
}

/** A single delivery with its stored headers and body, for the detail view. */
export async function getWebhookDelivery(id: string) {
  return db.webhookDelivery.findUnique({ where: { id } });
}

/** Every delivery about one upstream order, oldest first, for the order timeline. */
export async function listWebhookDeliveriesForOrder(upstreamOrderId: number) {
  return db.webhookDelivery.findMany({
    where: { upstreamOrderId },
    orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
    omit: { body: true, headers: true },
  });
}
