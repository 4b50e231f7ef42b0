// Each supplier's account has its own wallet upstream: its own balance read, running estimate,
// spends and 402 pause (docs/suppliers.md#per-supplier). Two suppliers number their orders
// independently, so one's order 7 is not the other's.
import { beforeEach, expect, it } from "vitest";
import { db, Prisma } from "@/lib/db";
import { noteInsufficientBalance, noteUpstreamOrder, recordBalanceRead } from "@/lib/wallet/estimate";
import { ensureWallet } from "@/lib/wallet/wallet-row";

const now = new Date("2026-11-25T12:00:00Z");
const zero = new Prisma.Decimal(0);
const walletOf = (supplier: string) => ensureWallet(db, supplier);

beforeEach(async () => {
  await db.upstreamSpend.deleteMany();
  await db.upstreamWallet.deleteMany();
  await recordBalanceRead({ balance: "100.00", currency: "USD" }, new Date(now.getTime() - 1000), zero, "main");
  await recordBalanceRead({ balance: "50.00", currency: "USD" }, new Date(now.getTime() - 1000), zero, "b");
});

it("keeps each supplier's balance read apart", async () => {
  expect((await walletOf("main")).estimate?.toFixed(2)).toBe("100.00");
  expect((await walletOf("b")).estimate?.toFixed(2)).toBe("50.00");
});

it("counts each supplier's order 7 in that supplier's estimate, once each", async () => {
  await noteUpstreamOrder({ orderId: 7, status: "completed", amount: "2.00" }, now, "main");
  await noteUpstreamOrder({ orderId: 7, status: "completed", amount: "3.00" }, now, "b");
  await noteUpstreamOrder({ orderId: 7, status: "completed", amount: "3.00" }, now, "b");
  expect((await walletOf("main")).estimate?.toFixed(2)).toBe("98.00");
  expect((await walletOf("b")).estimate?.toFixed(2)).toBe("47.00");
  expect(await db.upstreamSpend.count()).toBe(2);
});

it("pauses only the supplier that answered 402", async () => {
  await noteInsufficientBalance(new Prisma.Decimal("5.00"), now, "b");
  expect((await walletOf("b")).pausedAt).not.toBeNull();
  expect((await walletOf("main")).pausedAt).toBeNull();
  expect((await walletOf("main")).estimate?.toFixed(2)).toBe("100.00");
});
