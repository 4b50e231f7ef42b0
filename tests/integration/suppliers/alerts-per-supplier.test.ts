// Alerts and the monitor per supplier (docs/suppliers.md#staff): the monitor reads each configured
// supplier's balance into its own wallet row, and a wallet alert about a supplier other than main
// names it; main's words stay as they were.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { evaluateBudgetExhausted } from "@/lib/alerts/conditions-upstream";
import { evaluateUnresolvedLines } from "@/lib/alerts/conditions-money";
import { evaluateLowBalance, evaluateSalesPaused } from "@/lib/alerts/conditions-wallet";
import { hashApiKey } from "@/lib/upstream/db-budget";
import { apiKey, seedPaidOrder } from "../orders/harness";
import { bKey } from "./two-suppliers";
import { runMonitorPass } from "@/lib/alerts/monitor";
import { db, Prisma } from "@/lib/db";
import { noteInsufficientBalance, recordBalanceRead } from "@/lib/wallet/estimate";
import { ensureWallet } from "@/lib/wallet/wallet-row";
import { createTwoSuppliers, type TwoSuppliers } from "./two-suppliers";

let t: TwoSuppliers;
const zero = new Prisma.Decimal(0);
beforeAll(async () => {
  t = await createTwoSuppliers();
});
afterAll(() => t.close());
beforeEach(async () => {
  await db.upstreamWallet.deleteMany();
  await db.upstreamSpend.deleteMany();
});

/** Both wallets read: main's and b's balances as given. */
async function wallets(main: string, b: string) {
  await recordBalanceRead({ balance: main, currency: "USD" }, t.h.now(), zero, "main");
  await recordBalanceRead({ balance: b, currency: "USD" }, t.h.now(), zero, "b");
}

it("reads every configured supplier's balance into its own wallet row", async () => {
  t.h.control.setBalance("700.00");
  t.b.control.setBalance("321.50");
  await runMonitorPass(t.h.now(), {});
  expect((await ensureWallet(db, "main")).balance?.toFixed(2)).toBe("700.00");
  expect((await ensureWallet(db, "b")).balance?.toFixed(2)).toBe("321.50");
});

it("says main's low balance in main's words, as before", async () => {
  await wallets("80.00", "5000.00"); // the threshold is 100.00
  const ev = await evaluateLowBalance(t.h.now());
  expect(ev).toMatchObject({ active: true, title: "Upstream balance low" });
  expect(ev.summary).toMatch(/^The upstream wallet holds about 80\.00 USD/);
});

it("fires the low-balance alert for b's wallet and names b", async () => {
  await wallets("5000.00", "80.00");
  const ev = await evaluateLowBalance(t.h.now());
  expect(ev).toMatchObject({ active: true, title: "Upstream balance low: supplier b", path: "/admin/suppliers" });
  expect(ev.summary).toMatch(/^Supplier b's wallet holds about 80\.00 USD/);
});

it("fires sales paused for b's 402 alone, naming b, while main sells", async () => {
  await wallets("5000.00", "5000.00");
  await noteInsufficientBalance(new Prisma.Decimal("10.00"), t.h.now(), "b");
  const ev = await evaluateSalesPaused(t.h.now());
  expect(ev).toMatchObject({ active: true, title: "Supplier b paused: its wallet is empty" });
  expect(ev.summary).toMatch(/supplier b refuses purchases for lack of money \(402\)/);
  expect(ev.summary).toMatch(/other suppliers/);
});

it("keeps main's paused words when main answered 402", async () => {
  await wallets("5000.00", "5000.00");
  await noteInsufficientBalance(new Prisma.Decimal("10.00"), t.h.now(), "main");
  const ev = await evaluateSalesPaused(t.h.now());
  expect(ev).toMatchObject({ active: true, title: "Sales paused: the upstream wallet is empty" });
});

it("gives each supplier's request budget by name, so a blocked b is not read as main's", async () => {
  await db.upstreamBudget.deleteMany();
  const windowStart = t.h.now();
  await db.upstreamBudget.create({ data: { keyHash: hashApiKey(apiKey), limit: 100, used: 12, windowStart } });
  await db.upstreamBudget.create({
    data: {
      keyHash: hashApiKey(bKey),
      limit: 100,
      used: 100,
      windowStart,
      blockedUntil: new Date(t.h.clock.ms + 60_000),
    },
  });
  const ev = await evaluateBudgetExhausted(t.h.now());
  expect(ev.details.find((d) => d.label === "Budget now")?.value).toBe(
    "main: 12 of 100; b: 100 of 100, blocked until 2026-11-25 12:01 UTC",
  );
});

it("names the supplier of the oldest paid line still without a supplier order", async () => {
  const { line } = await seedPaidOrder(t.h, { itemCode: "TEST-INSTANT" });
  const paidAt = new Date(t.h.clock.ms - 3 * 3_600_000);
  await db.orderLine.update({ where: { id: line.id }, data: { supplier: "b", createdAt: paidAt } });
  try {
    const ev = await evaluateUnresolvedLines(t.h.now());
    expect(ev.active).toBe(true);
    expect(ev.details.find((d) => d.label === "Oldest")?.value).toMatch(/^TEST-INSTANT from supplier b, order /);
  } finally {
    await db.orderLine.update({ where: { id: line.id }, data: { status: "refunded" } });
  }
});
