// Staff side of order references (issue 14 items 6 and 11): search by the reference as a shopper
// reads it out, and an order timeline that says whose move each transition was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAdminOrder } from "@/lib/admin/orders/detail";
import { parseOrderFilters } from "@/lib/admin/orders/filters";
import { listAdminOrders } from "@/lib/admin/orders/list";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { checkout, createHarness, type Harness } from "../orders/harness";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";

let h: Harness;
let users: TestUsers;
let orderId: string;
let reference: string;

beforeAll(async () => {
  h = await createHarness();
  users = await createRoleUsers("ref");
  const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }, { itemCode: "TEST-PENDING" }]);
  if (!r.ok) throw new Error(r.message);
  orderId = r.orderId;
  reference = (await db.order.findUniqueOrThrow({ where: { id: orderId } })).reference!;
});
afterAll(async () => {
  setSessionOverrideForTests(undefined);
  await h.close();
});

describe("order references for staff", () => {
  it("finds an order by its reference however it is typed, and lists the reference", async () => {
    actAs(users.support);
    for (const q of [reference, reference.toLowerCase(), reference.replace("-", " "), reference.slice(3)]) {
      const { rows } = await listAdminOrders(parseOrderFilters({ q }));
      expect(rows.map((r) => r.id)).toEqual([orderId]);
      expect(rows[0]!.reference).toBe(reference);
    }
  });

  it("names the order or the line on every transition, so paying no longer reads as two identical moves", async () => {
    actAs(users.support);
    const data = await getAdminOrder(orderId);
    const paid = data!.timeline.filter((t) => t.title.endsWith("awaiting_payment → paid")).map((t) => t.title);
    expect(paid).toEqual([
      "Order transition: awaiting_payment → paid",
      "Line 1 (TEST-INSTANT) transition: awaiting_payment → paid",
      "Line 2 (TEST-PENDING) transition: awaiting_payment → paid",
    ]);
    expect(new Set(data!.timeline.map((t) => `${t.at.getTime()} ${t.title}`)).size).toBe(data!.timeline.length);
  });
});
