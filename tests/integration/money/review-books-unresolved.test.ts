// Review of the money design: the books report "a paid line older than its deadline without an
// upstream order" only when the line has ALSO not been updated for that long (books.ts looks at
// updatedAt). A line stuck in a retry loop is updated at every retry, so exactly the lines that
// are stuck (upstream down, a bad key, an order another line holds) are never reported: here a
// shopper waits three hours with nothing, and the money check on the admin overview is clean.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { checkBooks } from "@/lib/orders/books/books";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { createHarness, seedPaidOrder, type Harness } from "../orders/harness";

let h: Harness;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => h.close());
afterEach(() => {
  vi.useRealTimers();
  h.control.setFaults({ failNextRequests: 0 });
});

/** One clock for the shop, the sandbox and the database's automatic timestamps. */
async function advance(ms: number) {
  await h.advance(ms);
  vi.setSystemTime(h.clock.ms);
}

describe("the books' 'unresolved' check", () => {
  it("reports a paid line that has been retried for three hours without a supplier order", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(h.clock.ms);
    h.control.setFaults({ failNextRequests: 1_000_000 }); // the supplier answers 500 to everything
    const { order, line } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });
    await fulfilPaidOrder(order.id, h.now());
    for (let i = 0; i < 36; i++) {
      await advance(5 * 60_000);
      await reconcileOnce({ now: h.now() });
    }
    const row = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    expect({
      status: row.status,
      upstreamOrderId: row.upstreamOrderId,
      hoursOld: Math.floor((h.clock.ms - row.createdAt.getTime()) / 3_600_000),
    }).toEqual({ status: "purchasing", upstreamOrderId: null, hoursOld: 3 });
    const books = await checkBooks({ orderIds: [order.id], now: h.now() });
    expect(books.problems.map((p) => p.kind)).toContain("unresolved");
  });
});
