// Staff's lookups of a line's upstream order name its supplier: main's order N and b's order N are
// two orders (docs/suppliers.md#staff), so the order page and "reconcile" never mix them.
import { afterAll, beforeAll, expect, it } from "vitest";
import { reconcileLineAction } from "@/lib/admin/orders/actions";
import { streamOrdersCsv } from "@/lib/admin/orders/csv";
import { getAdminOrder } from "@/lib/admin/orders/detail";
import { parseOrderFilters } from "@/lib/admin/orders/filters";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";
import { buyFrom, createTwoSuppliers, type TwoSuppliers } from "./two-suppliers";

let t: TwoSuppliers;
let users: TestUsers;
let atMain: Awaited<ReturnType<typeof buyFrom>>;
let atB: Awaited<ReturnType<typeof buyFrom>>;

beforeAll(async () => {
  t = await createTwoSuppliers();
  users = await createRoleUsers("lookups");
  atMain = await buyFrom(t.h, "main", "TEST-PENDING");
  atB = await buyFrom(t.h, "b", "TEST-PENDING");
  // The premise: both suppliers gave the same number to two different orders.
  expect([atMain.supplier, atB.supplier]).toEqual(["main", "b"]);
  expect(atB.upstreamOrderId).toBe(atMain.upstreamOrderId);
  expect([atMain.status, atB.status]).toEqual(["pending_upstream", "pending_upstream"]);
});
afterAll(async () => {
  setSessionOverrideForTests(undefined);
  await t.close();
});

const delivery = (source: string, deliveryId: string, upstreamOrderId: number) => ({
  source,
  deliveryId,
  event: "order.completed",
  upstreamOrderId,
  status: "processed",
  headers: "{}",
  body: "{}",
  bodyBytes: 2,
});

it("shows on b's line only the webhooks b sent about its order, not main's for the same number", async () => {
  const n = atB.upstreamOrderId!;
  await db.webhookDelivery.createMany({
    data: [delivery("upstream", "wh_main_same_number", n), delivery("upstream:b", "wh_b_own_order", n)],
  });
  actAs(users.support);
  const b = await getAdminOrder(atB.orderId);
  expect(b!.webhooks.map((w) => w.deliveryId)).toEqual(["wh_b_own_order"]);
  const main = await getAdminOrder(atMain.orderId);
  expect(main!.webhooks.map((w) => w.deliveryId)).toEqual(["wh_main_same_number"]);
});

it("reconciles b's line by reading b's order, leaving main's line of the same number alone", async () => {
  await t.h.advance(3_500);
  await t.b.control.settleDue();
  actAs(users.staff);
  const fd = new FormData();
  fd.set("lineId", atB.id);
  const r = await reconcileLineAction(null, fd);
  expect(r).toMatchObject({ ok: true });
  expect((await db.orderLine.findUniqueOrThrow({ where: { id: atB.id } })).status).toBe("delivered");
  expect((await db.orderLine.findUniqueOrThrow({ where: { id: atMain.id } })).status).toBe("pending_upstream");
});

it("exports each line's upstream order with its supplier, so the two orders of one number stay apart", async () => {
  const csv = await new Response(streamOrdersCsv(parseOrderFilters({}))).text();
  const [header, ...rows] = csv.trim().split("\n");
  expect(header!.split(",").slice(-3)).toEqual(["upstream_order_id", "upstream_order_no", "supplier"]);
  const rowOf = (lineId: string) => rows.find((r) => r.split(",")[6] === lineId)!.split(",");
  const n = String(atB.upstreamOrderId);
  expect([rowOf(atMain.id).at(-3), rowOf(atMain.id).at(-1)]).toEqual([n, "main"]);
  expect([rowOf(atB.id).at(-3), rowOf(atB.id).at(-1)]).toEqual([n, "b"]);
});
