// A supplier order whose estimate update is lost (the database refused its transaction, as a
// P2028 under a burst, or refused even the write of its spend row) is counted later by the
// monitor, once, never dropped and never twice.
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { runMonitorPass } from "@/lib/alerts/monitor";
import { db, Prisma } from "@/lib/db";
import { noteUpstreamOrder, recordBalanceRead } from "@/lib/wallet/estimate";
import { getWalletView } from "@/lib/wallet/wallet-view";

const now = new Date("2026-11-25T12:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);
const estimate = async () => (await getWalletView(now)).estimate?.toFixed(2);

beforeEach(async () => {
  await db.order.deleteMany({ where: { token: { startsWith: "wallet-retry-" } } });
  await db.upstreamSpend.deleteMany();
  await db.upstreamWallet.deleteMany();
  await recordBalanceRead(
    { balance: "100.00", currency: "USD" },
    new Date(now.getTime() - 1000),
    new Prisma.Decimal(0),
  );
});
afterEach(() => vi.restoreAllMocks());

/** The next interactive transaction fails as Prisma fails one it could not start in time. */
function loseNextTransaction() {
  const timedOut = new Prisma.PrismaClientKnownRequestError("Transaction API error: Unable to start a transaction", {
    code: "P2028",
    clientVersion: Prisma.prismaVersion.client,
  });
  vi.spyOn(db, "$transaction").mockRejectedValueOnce(timedOut);
}

/** The next write of a spend row fails as a query fails that found no free connection in time. */
function loseNextSpendWrite() {
  vi.spyOn(db.upstreamSpend, "create").mockRejectedValueOnce(new Error("Timed out fetching a new connection"));
}

/** An order line that holds the supplier's order, as the purchase's answer left it (changed at `at`). */
async function lineHolding(upstreamOrderId: number, amount: string, at: Date) {
  await db.order.create({
    data: {
      token: `wallet-retry-${upstreamOrderId}`,
      email: "buyer@example.com",
      currency: "USD",
      total: "2.00",
      lines: {
        create: {
          itemCode: "TEST-INSTANT",
          productName: "Test instant order",
          productType: "test",
          brand: "Sandbox",
          quantity: 1,
          unitCost: amount,
          unitPrice: "2.00",
          lineTotal: "2.00",
          currency: "USD",
          status: "delivered",
          upstreamOrderId,
          upstreamAmount: amount,
          updatedAt: at,
        },
      },
    },
  });
}

it("counts a supplier order whose estimate update was lost on the monitor's next pass, once", async () => {
  const order = { orderId: 7001, status: "completed", amount: "1.00", createdAt: now.toISOString() };
  loseNextTransaction();
  await noteUpstreamOrder(order, now);
  expect(await estimate()).toBe("100.00"); // not counted yet

  await runMonitorPass(later(60_000), { readBalance: false });
  expect(await estimate()).toBe("99.00");

  // Seen again (a read-back) and another pass: still once.
  await noteUpstreamOrder(order, later(90_000));
  await runMonitorPass(later(120_000), { readBalance: false });
  expect(await estimate()).toBe("99.00");
});

it("gives back a failed order's cost whose restore was lost, on the monitor's next pass, once", async () => {
  const order = { orderId: 7002, status: "pending", amount: "2.50", createdAt: now.toISOString() };
  await noteUpstreamOrder(order, now);
  expect(await estimate()).toBe("97.50");

  loseNextTransaction();
  await noteUpstreamOrder({ ...order, status: "failed" }, later(30_000));
  expect(await estimate()).toBe("97.50");

  await runMonitorPass(later(60_000), { readBalance: false });
  expect(await estimate()).toBe("100.00");
  await noteUpstreamOrder({ ...order, status: "failed" }, later(90_000));
  await runMonitorPass(later(120_000), { readBalance: false });
  expect(await estimate()).toBe("100.00");
});

it("counts a supplier order whose spend row could not even be written, on the monitor's next pass, once", async () => {
  const order = { orderId: 7003, status: "completed", amount: "1.50", createdAt: now.toISOString() };
  loseNextSpendWrite();
  await noteUpstreamOrder(order, now);
  await lineHolding(order.orderId, order.amount, later(1000));
  expect(await estimate()).toBe("100.00"); // not counted yet

  await runMonitorPass(later(60_000), { readBalance: false });
  expect(await estimate()).toBe("98.50");
  await noteUpstreamOrder(order, later(90_000));
  await runMonitorPass(later(120_000), { readBalance: false });
  expect(await estimate()).toBe("98.50");
});

it("finds a supplier order without a spend row behind more counted orders than one pass applies", async () => {
  // 250 orders since the read, each already counted (their rows written), then one whose row was lost.
  const counted = Array.from({ length: 250 }, (_, i) => 7100 + i);
  await db.upstreamSpend.createMany({
    data: counted.map((upstreamOrderId) => ({ upstreamOrderId, amount: "0.00", status: "debited", createdAt: now })),
  });
  await db.order.create({
    data: {
      token: "wallet-retry-many",
      email: "buyer@example.com",
      currency: "USD",
      total: "2.00",
      lines: {
        createMany: {
          data: counted.map((upstreamOrderId) => ({
            itemCode: "TEST-INSTANT",
            productName: "Test instant order",
            productType: "test",
            brand: "Sandbox",
            quantity: 1,
            unitCost: "0.00",
            unitPrice: "2.00",
            lineTotal: "2.00",
            currency: "USD",
            status: "delivered",
            upstreamOrderId,
            upstreamAmount: "0.00",
            updatedAt: later(1000),
          })),
        },
      },
    },
  });
  loseNextSpendWrite();
  await noteUpstreamOrder({ orderId: 7400, status: "completed", amount: "2.00", createdAt: now.toISOString() }, now);
  await lineHolding(7400, "2.00", later(2000));

  await runMonitorPass(later(60_000), { readBalance: false });
  expect(await estimate()).toBe("98.00");
});
