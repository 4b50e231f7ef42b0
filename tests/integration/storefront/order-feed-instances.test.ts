// The order feed serves an instance's streams from one reader; a change made by another
// instance (here: another database client, as another process would have) still reaches every
// open stream. On PostgreSQL it arrives by LISTEN/NOTIFY, before any poll, and the listening
// connection comes back when it drops.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PrismaClient } from "@prisma/client";
import { GET } from "@/app/api/orders/[token]/events/route";
import { dbProvider } from "@/lib/db";
import { createPrismaClient } from "@/lib/db-client";
import { getEnv } from "@/lib/env";
import { ChangeFeed } from "@/lib/live/change-feed";
import { pgWakeSource } from "@/lib/live/pg-listener";
import { orderChangedChannel } from "@/lib/orders/core/order-changed";
import { getOrderViewsByTokens, type OrderView } from "@/lib/orders/view/order-view";
import { transitionOrder } from "@/lib/orders/core/transition";
import { fromClient } from "../../helpers/client-headers";
import { cards, checkout, createHarness, type Harness } from "../orders/harness";

let h: Harness;
let other: PrismaClient;
beforeAll(async () => {
  h = await createHarness();
  other = createPrismaClient(getEnv().DATABASE_URL, { poolSize: 2 });
});
afterAll(async () => {
  await other.$disconnect();
  await h.close();
});

async function pendingOrder() {
  const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }], { card: cards.delayed });
  if (!r.ok) throw new Error(r.message);
  return { token: r.token, orderId: r.orderId };
}

/** Cancels the order from the other instance's client, in its own transaction. */
function cancelElsewhere(orderId: string) {
  return other.$transaction((tx) =>
    transitionOrder(orderId, "awaiting_payment", "cancelled", { cause: "payment", message: "Declined." }, tx),
  );
}

/** Subscribes to `token` and resolves with the first value matching `match`. */
function nextValue(feed: ChangeFeed<OrderView>, token: string, match: (v: OrderView | null) => boolean) {
  let stop = () => {};
  const value = new Promise<OrderView | null>((resolve) => {
    stop = feed.subscribe(token, (v) => match(v) && resolve(v));
  });
  return { value, stop: () => stop() };
}

describe("one change feed per instance, many instances", () => {
  it("a change made by another instance reaches an open stream", async () => {
    const { token, orderId } = await pendingOrder();
    const ac = new AbortController();
    const res = await GET(new Request("http://x", { headers: fromClient("203.0.113.20"), signal: ac.signal }), {
      params: Promise.resolve({ token }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (s: string) => {
      while (!text.includes(s)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value);
      }
    };
    await readUntil("event: update");
    expect(await cancelElsewhere(orderId)).toBe(true);
    await readUntil("event: end");
    expect(text).toContain('"status":"cancelled"');
    expect(text).toContain("event: end\ndata: final");
    ac.abort();
  });

  it.runIf(dbProvider === "postgresql")("wakes on another connection's notification, before any poll", async () => {
    // A safety poll of an hour: only the notification can bring the change within the test.
    const feed = new ChangeFeed({
      loadMany: getOrderViewsByTokens,
      pollMs: 3_600_000,
      wake: pgWakeSource(orderChangedChannel),
    });
    const { token, orderId } = await pendingOrder();
    const first = nextValue(feed, token, (v) => v?.pending === true);
    await first.value;
    const settled = nextValue(feed, token, (v) => v?.status === "cancelled");
    await cancelElsewhere(orderId);
    expect(await settled.value).toMatchObject({ pending: false, statusLabel: "Payment declined" });
    first.stop();
    settled.stop();
  });

  it.runIf(dbProvider === "postgresql")("listens again after its listening connection drops", async () => {
    const feed = new ChangeFeed({
      loadMany: getOrderViewsByTokens,
      pollMs: 3_600_000,
      wake: pgWakeSource(orderChangedChannel),
    });
    const { token, orderId } = await pendingOrder();
    const first = nextValue(feed, token, (v) => v?.pending === true);
    await first.value;
    const listeners = () =>
      other.$queryRaw<Array<{ pid: number }>>`SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = ${`shop ${process.pid} live`}
        AND query LIKE 'LISTEN%'`;
    const [dropped] = await vi.waitFor(async () => {
      const rows = await listeners();
      expect(rows).toHaveLength(1);
      return rows;
    });
    await other.$queryRaw`SELECT pg_terminate_backend(${dropped!.pid})`;
    await vi.waitFor(
      async () => {
        const rows = await listeners();
        expect(rows.map((r) => r.pid)).not.toContain(dropped!.pid);
        expect(rows).toHaveLength(1);
      },
      { timeout: 10_000 },
    );
    const settled = nextValue(feed, token, (v) => v?.status === "cancelled");
    await cancelElsewhere(orderId);
    expect(await settled.value).toMatchObject({ pending: false });
    first.stop();
    settled.stop();
  });
});
