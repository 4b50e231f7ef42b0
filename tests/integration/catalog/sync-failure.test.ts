import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { runCatalogSync } from "@/lib/catalog/sync";
import { startSyncHarness } from "./sync-harness";

const h = startSyncHarness({ catalogSize: 250 });
let pages = 0;

async function snapshot() {
  const rows = await db.product.findMany({ orderBy: { itemCode: "asc" } });
  return rows.map((r) => `${r.itemCode}|${r.price.toFixed(2)}|${r.shopPrice.toFixed(2)}|${r.listed}`);
}

beforeAll(async () => {
  const run = await runCatalogSync({ kind: "full", trigger: "startup" }, h.deps);
  pages = run.pages;
  expect(pages).toBeGreaterThanOrEqual(3);
  h.takeCalls();
});
afterAll(() => h.close());

describe("catalog sync failures", () => {
  it("fails the run and leaves the catalog untouched when a page keeps answering 500", async () => {
    const codes = (await db.product.findMany({ where: { productType: { not: "test" } }, take: 3 })).map(
      (p) => p.itemCode,
    );
    h.sandbox.control.advanceTime(60_000);
    h.sandbox.control.publishChanges({ priceChanges: Object.fromEntries(codes.map((c) => [c, "77.00"])) });
    const before = await snapshot();
    const cursorBefore = await db.setting.findUnique({ where: { key: "catalog.cursor" } });
    h.state.failPages.add(2);
    h.sleeps.length = 0;

    const run = await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps);

    h.state.failPages.clear();
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/500/);
    expect(run.upstreamCalls).toBe(1 + 4);
    expect(h.sleeps).toEqual([100, 200, 400]);
    expect(await snapshot()).toEqual(before);
    expect(await db.setting.findUnique({ where: { key: "catalog.cursor" } })).toEqual(cursorBefore);
    expect(await db.syncStagedItem.count()).toBe(0);
    expect(await db.lease.count()).toBe(0);

    const next = await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps);
    expect(next).toMatchObject({ status: "succeeded", updated: 3 });
    expect(await db.product.count({ where: { itemCode: { in: codes }, price: "77.00" } })).toBe(3);
  });

  it("retries a page after a transient 500 and completes", async () => {
    h.takeCalls();
    h.sleeps.length = 0;
    h.sandbox.control.setFaults({ failNextRequests: 1 });
    const run = await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps);
    expect(run).toMatchObject({ status: "succeeded", upstreamCalls: pages + 1 });
    expect(h.sleeps).toEqual([100]);
    expect(h.takeCalls()).toBe(pages + 1);
  });

  it("waits retry_after on a 429 and asks for the same page again", async () => {
    h.takeCalls();
    h.sleeps.length = 0;
    h.sandbox.control.setFaults({ rateLimitNext: 1 });
    const run = await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps);
    expect(run).toMatchObject({ status: "succeeded", pages, upstreamCalls: pages + 1 });
    expect(h.sleeps).toHaveLength(1);
    expect(h.sleeps[0]).toBeGreaterThanOrEqual(1000);
  });
});
