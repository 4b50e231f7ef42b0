// What staff see of several suppliers (docs/suppliers.md#staff): the order page names the supplier
// that filled each line and every failover, and the suppliers page gives each supplier's health,
// wallet, budget, last sync, share of lines and margin. Two sandbox suppliers, main and b.
import { afterAll, beforeAll, expect, it } from "vitest";
import { getAdminOrder } from "@/lib/admin/orders/detail";
import { supplierOverview } from "@/lib/admin/suppliers/overview";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { fulfilLine } from "@/lib/orders/fulfilment/fulfil-line";
import { processOwner, withLineLease } from "@/lib/orders/core/line-lease";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";
import { seedPaidOrder, type Harness } from "../orders/harness";
import { createTwoSuppliers, type TwoSuppliers } from "./two-suppliers";

let two: TwoSuppliers;
let h: Harness;
let users: TestUsers;
let orderId: string;
let lineId: string;

beforeAll(async () => {
  two = await createTwoSuppliers();
  ({ h } = two);
  users = await createRoleUsers("suppliers-staff");
  await db.offer.deleteMany();
  await db.purchaseAttempt.deleteMany();
  await db.offer.createMany({
    data: [
      {
        supplier: "main",
        itemCode: "TEST-OOS",
        productCode: "TEST-OOS",
        unitCost: "1.00",
        currency: "USD",
        inStock: true,
      },
      {
        supplier: "b",
        itemCode: "TEST-INSTANT",
        productCode: "TEST-OOS",
        unitCost: "1.02",
        currency: "USD",
        inStock: true,
      },
    ],
  });
  const { line } = await seedPaidOrder(h, { itemCode: "TEST-OOS" });
  lineId = line.id;
  orderId = line.orderId;
  for (let i = 0; i < 6; i++) {
    const now = await db.orderLine.findUniqueOrThrow({ where: { id: lineId } });
    if (now.status === "delivered") break;
    await withLineLease(lineId, processOwner, h.now(), () => fulfilLine(lineId, { now: h.now(), cause: "reconciler" }));
    await h.advance(60_000);
  }
});

afterAll(async () => {
  setSessionOverrideForTests(undefined);
  await two.close();
});

it("shows on the order which supplier filled the line and the supplier it failed over from", async () => {
  actAs(users.owner);
  const data = (await getAdminOrder(orderId))!;
  const line = data.order.lines.find((l) => l.id === lineId)!;
  expect(line).toMatchObject({ status: "delivered", supplier: "b", supplierItemCode: "TEST-INSTANT" });
  expect(data.attemptsByLine.get(lineId)!.map((a) => [a.supplier, a.outcome, a.reason])).toEqual([
    ["main", "failed_over", "out of stock at the supplier"],
    ["b", "live", null],
  ]);
  expect(data.timeline.some((e) => e.title.includes("failover") && e.detail?.includes("supplier b"))).toBe(true);
});

it("gives each supplier's health, share of lines and margin", async () => {
  const [main, atB] = await supplierOverview(h.now());
  expect(main).toMatchObject({ name: "main", health: { failovers: 1, rateLimited: 0, walletShort: 0 } });
  expect(atB).toMatchObject({ name: "b", health: { failovers: 0 }, lines: { count: 1 } });
  expect(atB!.lines.share).toBeGreaterThan(0);
  expect(main!.lines.count + atB!.lines.count).toBeGreaterThanOrEqual(1);
  // Sold at 1.10 (seedPaidOrder's price), bought from b at 1.02.
  expect(atB!.margin.toFixed(2)).toBe("0.08");
  expect(atB!.offers).toEqual({ total: 1, inStock: 1 });
  expect(atB!.lastSync).not.toBeNull();
});
