// A supplier whose recent calls keep failing (5xx, timeouts, lost connections) is passed over by
// routing until it has been quiet for the health window (docs/suppliers.md#health): its calls are
// recorded with their supplier, and the supplier states read them.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { db } from "@/lib/db";
import { supplierOverview } from "@/lib/admin/suppliers/overview";
import { recordedCall } from "@/lib/orders/fulfilment/record-call";
import { readSupplierStates } from "@/lib/orders/routing/supplier-states";
import {
  OutOfStockError,
  UpstreamNetworkError,
  UpstreamServerError,
  UpstreamTimeoutError,
} from "@/lib/upstream/errors";
import { seedPaidOrder } from "../orders/harness";
import { createTwoSuppliers, type TwoSuppliers } from "./two-suppliers";

let two: TwoSuppliers;
let ctx: { orderId: string; lineId: string };

beforeAll(async () => {
  two = await createTwoSuppliers();
  const { order, line } = await seedPaidOrder(two.h, { itemCode: "TEST-INSTANT" });
  ctx = { orderId: order.id, lineId: line.id };
});
afterAll(() => two.close());
beforeEach(async () => {
  await db.upstreamCall.deleteMany();
});

async function call(supplier: string, at: Date, fails: Error | null) {
  await recordedCall({ ...ctx, supplier, now: () => at }, "POST /orders", async () => {
    if (fails) throw fails;
    return { ok: true };
  }).catch(() => undefined);
}

const stateOf = async (name: string, now: Date) => (await readSupplierStates(now)).find((s) => s.name === name)!;
const serverError = () => new UpstreamServerError({ status: 503, message: "maintenance" });

it("passes over a supplier whose last three calls failed, and only that supplier", async () => {
  const t = two.h.now();
  await call("b", t, serverError());
  await call("b", new Date(t.getTime() + 1000), new UpstreamTimeoutError({ status: 0 }));
  await call("b", new Date(t.getTime() + 2000), new UpstreamNetworkError({ status: 0 }));
  await call("main", new Date(t.getTime() + 2500), null);
  const at = new Date(t.getTime() + 3000);
  expect((await stateOf("b", at)).failing).toBe(true);
  expect((await stateOf("main", at)).failing).toBe(false);
});

it("keeps a supplier whose failures an answer interrupted, a refusal such as out of stock included", async () => {
  const t = two.h.now();
  const at = (s: number) => new Date(t.getTime() + s * 1000);
  await call("b", at(0), serverError());
  await call("b", at(1), serverError());
  await call("b", at(2), new OutOfStockError({ status: 409, state: "out_of_stock" }));
  await call("b", at(3), serverError());
  expect((await stateOf("b", at(4))).failing).toBe(false);
  await call("b", at(5), serverError());
  await call("b", at(6), null);
  await call("b", at(7), serverError());
  expect((await stateOf("b", at(8))).failing).toBe(false);
});

it("tries a failing supplier again once it has been quiet for the health window", async () => {
  const t = two.h.now();
  for (let i = 0; i < 3; i++) await call("b", new Date(t.getTime() + i * 1000), serverError());
  expect((await stateOf("b", new Date(t.getTime() + 60_000))).failing).toBe(true);
  expect((await stateOf("b", new Date(t.getTime() + 2000 + 120_001))).failing).toBe(false);
});

it("shows staff the calls a supplier left unanswered and that routing passes it over now", async () => {
  const t = two.h.now();
  for (let i = 0; i < 3; i++) await call("b", new Date(t.getTime() + i * 1000), serverError());
  await call("main", t, new OutOfStockError({ status: 409, state: "out_of_stock" }));
  const overview = await supplierOverview(new Date(t.getTime() + 5000));
  expect(overview.find((s) => s.name === "b")?.health).toMatchObject({ unanswered: 3, failing: true });
  expect(overview.find((s) => s.name === "main")?.health).toMatchObject({ unanswered: 0, failing: false });
});
