// The books against each supplier's own order list (docs/suppliers.md#staff): a supplier's orders
// are matched with the lines bought from it alone, since two suppliers number their orders
// independently, and a problem names the supplier it concerns.
import { afterAll, beforeAll, expect, it } from "vitest";
import { compareWithSupplierAction } from "@/lib/admin/overview/actions";
import { compareWithSupplier } from "@/lib/admin/overview/money-health";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { checkBooks } from "@/lib/orders/books/books";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";
import { bKey, buyFrom, createTwoSuppliers, type TwoSuppliers } from "./two-suppliers";

let t: TwoSuppliers;
let users: TestUsers;
let lines: Awaited<ReturnType<typeof buyFrom>>[];

beforeAll(async () => {
  t = await createTwoSuppliers();
  users = await createRoleUsers("books-suppliers");
  lines = [
    await buyFrom(t.h, "main", "TEST-INSTANT"),
    await buyFrom(t.h, "b", "TEST-INSTANT"),
    await buyFrom(t.h, "b", "TEST-INSTANT"),
  ];
  // main's order N and b's order N; b's order N+1 has no namesake at main.
  expect(lines.map((l) => [l.supplier, l.status])).toEqual([
    ["main", "delivered"],
    ["b", "delivered"],
    ["b", "delivered"],
  ]);
  expect(lines[1]!.upstreamOrderId).toBe(lines[0]!.upstreamOrderId);
});
afterAll(async () => {
  setSessionOverrideForTests(undefined);
  await t.close();
});

it("finds every supplier's orders owned by its own lines, one to one", async () => {
  actAs(users.staff);
  const r = await compareWithSupplier(t.h.now());
  expect(r.problems).toEqual([]);
  expect(r.suppliers.map((s) => [s.supplier, s.supplierOrders, s.problems.length])).toEqual([
    ["main", 1, 0],
    ["b", 2, 0],
  ]);
  expect(await compareWithSupplierAction()).toEqual({
    ok: true,
    message: "Each supplier's most recent orders match the shop's lines one to one (main: 1, b: 2).",
  });
});

it("names b when b lists an order no line of b owns, even when main has a line of that number", async () => {
  const foreign = await t.b.fetch("http://sandbox.test/sandbox/b/v1/orders", {
    method: "POST",
    headers: { "X-API-Key": bKey, "Content-Type": "application/json", "Idempotency-Key": "foreign-at-b" },
    body: JSON.stringify({ item_code: "TEST-INSTANT", quantity: 1 }),
  });
  const orderId = ((await foreign.json()) as { data: { order_id: number } }).data.order_id;
  // main has no order of that number, and main's line claims it (leaving main's own order
  // unclaimed): b's order still has no line of b.
  await db.orderLine.update({ where: { id: lines[0]!.id }, data: { upstreamOrderId: orderId } });
  try {
    actAs(users.staff);
    const r = await compareWithSupplier(t.h.now());
    const kinds = r.suppliers.map((s) => [s.supplier, s.problems.map((p) => p.kind)]);
    expect(kinds).toEqual([
      ["main", ["upstream_order_without_line", "line_without_upstream_order"]],
      ["b", ["upstream_order_without_line"]],
    ]);
    const atB = r.suppliers[1]!.problems[0]!;
    expect(atB).toMatchObject({ supplier: "b" });
    expect(atB.detail).toBe(`supplier b's order ${orderId} (completed) belongs to no line of b`);
  } finally {
    await db.orderLine.update({ where: { id: lines[0]!.id }, data: { upstreamOrderId: lines[0]!.upstreamOrderId } });
  }
});

it("checks only the named supplier's lines against its list, whatever orders are given", async () => {
  const ofB = lines.slice(1).map((l) => l.orderId);
  const mainList = [{ orderId: lines[0]!.upstreamOrderId!, status: "completed" }];
  const books = await checkBooks({ orderIds: ofB, now: t.h.now(), upstreamOrders: mainList, supplier: "main" });
  expect(books.problems).toEqual([]);
});

it("names b's order whose wallet debit the shop counted at another amount, and main's never counted", async () => {
  const [atMain, atB] = [lines[0]!, lines[1]!];
  const key = (supplier: string, l: typeof atMain) => ({
    supplier_upstreamOrderId: { supplier, upstreamOrderId: l.upstreamOrderId! },
  });
  const bSpend = await db.upstreamSpend.findUniqueOrThrow({ where: key("b", atB) });
  const mainSpend = await db.upstreamSpend.findUniqueOrThrow({ where: key("main", atMain) });
  await db.upstreamSpend.update({ where: key("b", atB), data: { amount: bSpend.amount.plus(1) } });
  await db.upstreamSpend.delete({ where: key("main", atMain) });
  try {
    actAs(users.staff);
    const r = await compareWithSupplier(t.h.now());
    // (b's foreign order of the test before is still listed: only the debits are looked at here)
    const debits = (ps: typeof r.problems) => ps.filter((p) => p.kind === "wallet_debit_mismatch");
    expect(r.suppliers.map((s) => [s.supplier, debits(s.problems).map((p) => [p.kind, p.lineId])])).toEqual([
      ["main", [["wallet_debit_mismatch", atMain.id]]],
      ["b", [["wallet_debit_mismatch", atB.id]]],
    ]);
    expect(debits(r.suppliers[1]!.problems)[0]!.detail).toBe(
      `supplier b's order ${atB.upstreamOrderId} took ${bSpend.amount.toFixed(2)} from the wallet, but the shop counted ${bSpend.amount.plus(1).toFixed(2)}`,
    );
  } finally {
    await db.upstreamSpend.update({ where: key("b", atB), data: { amount: bSpend.amount } });
    await db.upstreamSpend.create({ data: mainSpend });
  }
});
