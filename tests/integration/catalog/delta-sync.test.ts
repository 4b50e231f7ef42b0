import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { CURSOR_SAFETY_MARGIN_MS } from "@/lib/catalog/cursor";
import { runCatalogSync } from "@/lib/catalog/sync";
import { startSyncHarness } from "./sync-harness";

const h = startSyncHarness({ catalogSize: 250 });

async function pickCodes(n: number, skip = 0): Promise<string[]> {
  const rows = await db.product.findMany({
    where: { listed: true, productType: { not: "test" } },
    orderBy: { itemCode: "asc" },
    skip,
    take: n,
  });
  return rows.map((r) => r.itemCode);
}

const latest = (stamps: string[]) => Math.max(...stamps.map((s) => Date.parse(s)));

beforeAll(async () => {
  const run = await runCatalogSync({ kind: "full", trigger: "startup" }, h.deps);
  expect(run.status).toBe("succeeded");
});
afterAll(() => h.close());

describe("delta catalog sync", () => {
  it("applies a rename, an unpublish and a price change in one catalog call", async () => {
    const [priced, gone, renamed] = await pickCodes(3, 10);
    h.sandbox.control.advanceTime(60_000);
    h.sandbox.control.publishChanges({
      priceChanges: { [priced]: "123.45" },
      unpublish: [gone],
      rename: { [renamed]: `${renamed}-NEW` },
    });
    h.takeCalls();

    const run = await runCatalogSync({ kind: "delta", trigger: "schedule" }, h.deps);

    expect(run).toMatchObject({ kind: "delta", status: "succeeded", added: 1, updated: 1, removed: 2 });
    expect(h.takeCalls()).toBe(1);
    const rows = await db.product.findMany({ where: { itemCode: { in: [priced, gone, renamed, `${renamed}-NEW`] } } });
    const by = new Map(rows.map((r) => [r.itemCode, r]));
    expect(by.get(priced)!.price.toFixed(2)).toBe("123.45");
    expect(by.get(priced)!.shopPrice.greaterThan(by.get(priced)!.chargedPrice)).toBe(true);
    expect(by.get(gone)).toMatchObject({ listed: false });
    expect(by.get(gone)!.removedAt).not.toBeNull();
    expect(by.get(renamed)).toMatchObject({ listed: false });
    expect(by.get(`${renamed}-NEW`)).toMatchObject({ listed: true, removedAt: null });
  });

  it("moves the cursor 1 ms past the latest change, but never past the run's start minus the safety margin", async () => {
    const last = await db.syncRun.findFirstOrThrow({ where: { kind: "delta" }, orderBy: { startedAt: "desc" } });
    const page = await h.client.catalog({ updatedSince: last.cursorFrom!, includeTest: true, perPage: 100 });
    h.takeCalls();
    const latest = Math.max(
      ...[...page.products.map((p) => p.updatedAt), ...(page.removed ?? []).map((r) => r.updatedAt)].map((s) =>
        Date.parse(s),
      ),
    );
    const bound = last.startedAt.getTime() - CURSOR_SAFETY_MARGIN_MS;
    const expected = Math.min(latest + 1, bound);
    const cursor = await db.setting.findUniqueOrThrow({ where: { key: "catalog.cursor" } });
    expect(Date.parse(cursor.value)).toBe(expected);
    expect(Date.parse(last.cursorTo!)).toBe(expected);
    expect(Date.parse(last.cursorTo!)).toBeGreaterThan(Date.parse(last.cursorFrom!));
  });

  it("applies `removed` once although it is repeated on every page", async () => {
    const [a, b, c, d, e] = await pickCodes(5, 30);
    h.sandbox.control.advanceTime(60_000);
    h.sandbox.control.publishChanges({ unpublish: [a, b], priceChanges: { [c]: "11.00", [d]: "12.00", [e]: "13.00" } });
    h.takeCalls();

    const run = await runCatalogSync({ kind: "delta", trigger: "manual" }, { ...h.deps, perPage: 2 });

    expect(run).toMatchObject({ status: "succeeded", removed: 2, updated: 3, added: 0 });
    expect(run.pages).toBeGreaterThanOrEqual(2);
    expect(h.takeCalls()).toBe(run.pages);
    expect(await db.product.count({ where: { itemCode: { in: [a, b] }, listed: false } })).toBe(2);
  });

  it("changes nothing, in one call, when nothing was published", async () => {
    h.sandbox.control.advanceTime(5 * 60_000);
    await runCatalogSync({ kind: "delta", trigger: "schedule" }, h.deps);
    const before = await db.setting.findUniqueOrThrow({ where: { key: "catalog.cursor" } });
    h.takeCalls();
    h.sandbox.control.advanceTime(5 * 60_000);
    const run = await runCatalogSync({ kind: "delta", trigger: "schedule" }, h.deps);
    expect(run).toMatchObject({ status: "succeeded", added: 0, updated: 0, removed: 0 });
    expect(h.takeCalls()).toBe(1);
    expect((await db.setting.findUniqueOrThrow({ where: { key: "catalog.cursor" } })).value).toBe(before.value);
  });

  it("costs ceil(k/100) catalog calls for k changed SKUs", async () => {
    const codes = await pickCodes(150, 50);
    h.sandbox.control.advanceTime(60_000);
    h.sandbox.control.publishChanges({ priceChanges: Object.fromEntries(codes.map((c) => [c, "20.00"])) });
    h.takeCalls();

    const run = await runCatalogSync({ kind: "delta", trigger: "schedule" }, h.deps);

    expect(run).toMatchObject({ status: "succeeded", updated: 150 });
    expect(h.takeCalls()).toBe(Math.ceil(150 / 100));
  });

  it("runs a full sync when a delta is asked for without a cursor", async () => {
    await db.setting.delete({ where: { key: "catalog.cursor" } });
    const run = await runCatalogSync({ kind: "delta", trigger: "manual" }, h.deps);
    expect(run).toMatchObject({ kind: "full", status: "succeeded", cursorFrom: null });
    expect(run.cursorTo).not.toBeNull();
  });
});
