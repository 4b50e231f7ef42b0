// Review of the money design, PostgreSQL only (read committed): the order's final status is
// computed inside each line's transition from a read of the order's other lines. Two lines of one
// order that end at the same moment in two transactions (a webhook delivering one line while the
// reconciler refunds the other — different lines, so different leases) each read the other as
// still open, and neither settles the order. It stays `paid` for ever: the shopper is told it is
// "being prepared", and the books skip it as work in progress, so a real imbalance on it would
// never be reported. (SQLite serialises writers, so this cannot happen there.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, dbProvider } from "@/lib/db";
import { refundFailedLine } from "@/lib/orders/refunds/refund-line";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { transitionLine } from "@/lib/orders/core/transition";
import { checkout, createHarness, type Harness } from "../orders/harness";

let h: Harness;
beforeAll(async () => (h = await createHarness({ settleMs: 3_600_000 })));
afterAll(async () => h.close());

describe.runIf(dbProvider === "postgresql")("two lines of one order ending at the same moment", () => {
  it("settle the order (partially refunded), whichever transaction commits last", async () => {
    const r = await checkout(h, [{ itemCode: "TEST-PENDING" }, { itemCode: "TEST-PENDING-FAIL" }]);
    if (!r.ok) throw new Error(r.message);
    await fulfilPaidOrder(r.orderId, h.now());
    const lines = await db.orderLine.findMany({ where: { orderId: r.orderId }, orderBy: { itemCode: "asc" } });
    const [pending, failing] = [
      lines.find((l) => l.itemCode === "TEST-PENDING")!,
      lines.find((l) => l.itemCode === "TEST-PENDING-FAIL")!,
    ];
    expect([pending.status, failing.status]).toEqual(["pending_upstream", "pending_upstream"]);
    await transitionLine(failing.id, "pending_upstream", "failed", {
      cause: "poll",
      message: "The supplier could not complete this item.",
      data: { failureReason: "failed upstream" },
      now: h.now(),
    });

    // Worker 1 delivers the pending line; its transaction has not committed yet...
    let commit!: () => void;
    let moved!: () => void;
    const mayCommit = new Promise<void>((res) => (commit = res));
    const hasMoved = new Promise<void>((res) => (moved = res));
    const delivery = db.$transaction(
      async (tx) => {
        await transitionLine(
          pending.id,
          "pending_upstream",
          "delivered",
          { cause: "webhook", message: "Your codes are ready.", now: h.now() },
          tx,
        );
        moved();
        await mayCommit;
      },
      { timeout: 20_000 },
    );
    await hasMoved;
    // ...while worker 2 refunds the failed line of the same order: it reaches the order's settle
    // and waits for worker 1 (the order row is locked), then reads worker 1's committed line.
    const refunding = refundFailedLine(failing.id, { now: h.now(), cause: "reconciler" });
    // (Without that lock worker 2 simply finishes here, each having read the other as open.)
    const waitingOrDone = async () =>
      (
        await db.$queryRawUnsafe<{ n: bigint }[]>(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      )[0]!.n > 0n || (await db.refund.count({ where: { lineId: failing.id, status: "succeeded" } })) > 0;
    await expect.poll(waitingOrDone, { timeout: 15_000 }).toBe(true);
    commit();
    await delivery;
    expect(await refunding).toBe("succeeded");

    const order = await db.order.findUniqueOrThrow({ where: { id: r.orderId }, include: { lines: true } });
    expect(order.lines.map((l) => l.status).sort()).toEqual(["delivered", "refunded"]);
    expect(order.status).toBe("partially_refunded");
  });
});
