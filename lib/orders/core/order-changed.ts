// Tells every instance's live feed (lib/live/order-feed.ts) that an order's view may have
// changed, so open order pages update at once instead of at the feed's next safety poll.
// PostgreSQL only (NOTIFY inside the writer's transaction is delivered on commit, never for a
// rolled-back change); SQLite instances poll, so there is nothing to send.
import "server-only";
import { dbProvider, type Prisma } from "@/lib/db";

/** The NOTIFY channel; the payload is the order's id. */
export const orderChangedChannel = "order_changed";

/** Queues the notification in `client`'s transaction (or sends it at once outside one). */
export async function notifyOrderChanged(client: Prisma.TransactionClient, orderId: string): Promise<void> {
  if (dbProvider !== "postgresql") return;
  await client.$executeRaw`SELECT pg_notify(${orderChangedChannel}, ${orderId})`;
}
