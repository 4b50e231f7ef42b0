// Delta reads per supplier (docs/suppliers.md#offers): each supplier has its own cursor; a refresh
// of b after its first whole read asks only for what changed since (`updated_since`), and picks up
// a price change, a stock change and a removal. Main's cursor is not b's.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { readCatalogCursor } from "@/lib/catalog/cursor";
import { offersReadAt, readSupplierCursor, supplierCursorKey } from "@/lib/catalog/offers/supplier-cursor";
import { syncSupplierOffers } from "@/lib/catalog/offers/sync-offers";
import { db } from "@/lib/db";
import { createSandbox, type Sandbox } from "@/lib/sandbox";
import { UpstreamClient } from "@/lib/upstream";
import { createHarness, type Harness } from "../orders/harness";

const bKey = "sandbox_b_key_0123456789";
let h: Harness;
let b: Sandbox;
let client: UpstreamClient;
const calls: URL[] = [];

const offer = (itemCode: string) =>
  db.offer.findUniqueOrThrow({ where: { supplier_itemCode: { supplier: "b", itemCode } } });

beforeAll(async () => {
  h = await createHarness();
  b = createSandbox({ dbPath: ":memory:", apiKey: bKey, settleMs: 3000, now: () => h.clock.ms });
  const recording: typeof fetch = (input, init) => {
    calls.push(new URL(input instanceof Request ? input.url : String(input)));
    return b.fetch(input, init);
  };
  client = new UpstreamClient({
    baseUrl: "http://sandbox.test/sandbox/b/v1",
    apiKey: bKey,
    fetch: recording,
    budget: null,
  });
});
afterAll(async () => {
  b.close();
  await h.close();
});
beforeEach(async () => {
  await db.offer.deleteMany();
  await db.setting.deleteMany({ where: { key: supplierCursorKey("b") } });
  calls.length = 0;
});

it("reads b whole the first time, then only what changed since b's cursor, picking up a price and a stock change", async () => {
  const first = await syncSupplierOffers("b", { client, kind: "delta", now: h.now });
  expect(first.kind).toBe("full");
  expect(calls.every((u) => !u.searchParams.has("updated_since"))).toBe(true);
  const cursor = await readSupplierCursor("b");
  expect(cursor).not.toBeNull();
  expect(await readCatalogCursor()).not.toBe(cursor);

  const [priced, stocked] = (await db.offer.findMany({ where: { supplier: "b", inStock: true }, take: 2 })).map(
    (o) => o.itemCode,
  );
  h.clock.ms += 5 * 60_000;
  b.control.publishChanges({ priceChanges: { [priced]: "77.00" }, stock: { [stocked]: 0 } });
  calls.length = 0;
  const second = await syncSupplierOffers("b", { client, kind: "delta", now: h.now });
  expect(second.kind).toBe("delta");
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.every((u) => u.searchParams.get("updated_since") === cursor)).toBe(true);
  // Only the two changed rows came back, not the whole catalog.
  expect(second.stored).toBe(2);
  expect((await offer(priced)).unitCost.toFixed(2)).toBe("77.00");
  expect((await offer(stocked)).inStock).toBe(false);
  expect(Date.parse((await readSupplierCursor("b"))!)).toBeGreaterThan(Date.parse(cursor!));
});

it("records when b's offers were last read, for the suppliers page", async () => {
  await syncSupplierOffers("b", { client, kind: "delta", now: h.now });
  h.clock.ms += 5 * 60_000;
  expect(await syncSupplierOffers("b", { client, kind: "delta", now: h.now })).toMatchObject({ kind: "delta" });
  expect((await offersReadAt()).get("b")?.getTime()).toBe(h.clock.ms);
});

it("marks out of stock an offer b removed since its cursor, and keeps it", async () => {
  await syncSupplierOffers("b", { client, kind: "delta", now: h.now });
  const [gone] = (await db.offer.findMany({ where: { supplier: "b", inStock: true }, take: 1 })).map((o) => o.itemCode);
  h.clock.ms += 5 * 60_000;
  b.control.publishChanges({ unpublish: [gone] });
  const result = await syncSupplierOffers("b", { client, kind: "delta", now: h.now });
  expect(result).toMatchObject({ kind: "delta", gone: 1 });
  expect((await offer(gone)).inStock).toBe(false);
});

it("reads whole when asked for a full read, whatever b's cursor says", async () => {
  await syncSupplierOffers("b", { client, kind: "delta", now: h.now });
  calls.length = 0;
  const result = await syncSupplierOffers("b", { client, kind: "full", now: h.now });
  expect(result.kind).toBe("full");
  expect(calls.every((u) => !u.searchParams.has("updated_since"))).toBe(true);
});
