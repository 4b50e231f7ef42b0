// This instance's one change feed for order pages (docs/going-live.md#per-client-limits): every
// open order stream is served from it. On SQLite it reads all watched orders in one query per
// tick; on PostgreSQL a notification sent with each order change (lib/orders/core/order-changed.ts)
// wakes it for that order, and a slow safety poll picks up a notification that was lost.
import "server-only";
import { dbProvider } from "@/lib/db";
import { orderChangedChannel } from "@/lib/orders/core/order-changed";
import { getOrderViewsByTokens, type OrderView } from "@/lib/orders/view/order-view";
import { ChangeFeed } from "./change-feed";
import { pgWakeSource } from "./pg-listener";

export const feedTiming = {
  /** SQLite: how often the watched orders are read (one query for all of them). */
  pollMs: 500,
  /** PostgreSQL: how often they are read anyway, in case a notification was lost. */
  safetyPollMs: 10_000,
  /** A comment line on an idle stream, so proxies do not close it. */
  heartbeatMs: 20_000,
} as const;

const globalForFeed = globalThis as unknown as { __shopOrderFeed?: ChangeFeed<OrderView> };

/** The instance's order feed, created on first use. */
export function orderFeed(): ChangeFeed<OrderView> {
  globalForFeed.__shopOrderFeed ??=
    dbProvider === "postgresql"
      ? new ChangeFeed({
          loadMany: getOrderViewsByTokens,
          pollMs: feedTiming.safetyPollMs,
          wake: pgWakeSource(orderChangedChannel),
        })
      : new ChangeFeed({ loadMany: getOrderViewsByTokens, pollMs: feedTiming.pollMs });
  return globalForFeed.__shopOrderFeed;
}
