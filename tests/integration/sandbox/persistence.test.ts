import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createSandbox } from "@/lib/sandbox";
import { apiKey, buy, call, makeSandbox } from "./sandbox-helpers";

describe("sandbox state", () => {
  it("upgrades a store file written before the short-delivery columns existed", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-")), "old.db");
    createSandbox({ dbPath: file, apiKey, catalogSize: 50 }).close();
    const raw = new Database(file);
    raw.exec("ALTER TABLE orders DROP COLUMN withheld_codes; ALTER TABLE orders DROP COLUMN short_served;");
    raw.close();
    const sb = createSandbox({ dbPath: file, apiKey, catalogSize: 50 });
    sb.control.setFaults({ shortCodesNext: 1, shortCodesHealOnRead: true });
    const r = await buy(sb, { item_code: "TEST-INSTANT", quantity: 2 });
    expect(r.body.data.codes).toHaveLength(1);
    expect((await call(sb, "GET", `/orders/${r.body.data.order_id}`)).body.data.codes).toHaveLength(2);
    sb.close();
  });

  it("persists catalog, wallet, orders, options and the clock across close and reopen of a file", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-")), "sandbox.db");
    const first = createSandbox({ dbPath: file, apiKey, catalogSize: 50 });
    const order = await buy(first, { item_code: "TEST-PENDING" }, "persist-1");
    first.control.setOptions({ rateLimit: 77 });
    first.control.advanceTime(5_000);
    first.close();
    const second = createSandbox({ dbPath: file, apiKey, catalogSize: 50 });
    expect(second.control.getBalance()).toBe("4999.00");
    expect(second.control.listOrders()).toHaveLength(1);
    const replay = await buy(second, { item_code: "TEST-PENDING" }, "persist-1");
    expect(replay.body.data).toMatchObject({ state: "idempotency_conflict", order_id: order.body.data.order_id });
    expect(replay.headers.get("X-RateLimit-Limit")).toBe("77");
    expect(second.control.settleDue()).toBe(0);
    second.control.advanceTime(3_000);
    expect(second.control.settleDue()).toBe(1);
    second.close();
  });

  it("shares wallet, orders, idempotency keys and the rate budget between two sandboxes on one file", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-")), "shared.db");
    const a = createSandbox({ dbPath: file, apiKey, catalogSize: 50, rateLimit: 4 });
    const b = createSandbox({ dbPath: file, apiKey, catalogSize: 50, rateLimit: 4 });
    const first = await buy(a, { item_code: "TEST-INSTANT" }, "shared-1");
    const replay = await buy(b, { item_code: "TEST-INSTANT" }, "shared-1");
    expect(replay.body.data.order_id).toBe(first.body.data.order_id);
    expect(b.control.getBalance()).toBe("4999.00");
    await call(a, "GET", "/balance");
    await call(b, "GET", "/balance");
    expect((await call(a, "GET", "/balance")).status).toBe(429);
    a.close();
    b.close();
  });

  it("reset restores a fresh catalog, wallet and empty order book", async () => {
    const sb = makeSandbox();
    await buy(sb, { item_code: "TEST-INSTANT", quantity: 4 });
    sb.control.publishChanges({ unpublish: ["STEAM-US-5"] });
    sb.control.setFaults({ failNextRequests: 3 });
    sb.control.reset();
    expect(sb.control.getBalance()).toBe("5000.00");
    expect(sb.control.listOrders()).toEqual([]);
    expect((await call(sb, "GET", "/catalog?item_id=STEAM-US-5")).body.data.products).toHaveLength(1);
    expect((await buy(sb, { item_code: "TEST-INSTANT" })).body.data.order_id).toBe(1);
  });

  it("generates the same catalog for the same seed", async () => {
    const a = await call(makeSandbox({ seed: 3 }), "GET", "/catalog?per_page=100");
    const b = await call(makeSandbox({ seed: 3 }), "GET", "/catalog?per_page=100");
    expect(a.body.data.products).toEqual(b.body.data.products);
  });

  it("generates a 50,000-SKU catalog and serves filtered, sorted pages from it", async () => {
    const sb = createSandbox({ dbPath: ":memory:", apiKey, catalogSize: 50_000, rateLimit: 1000 });
    const r = await call(sb, "GET", "/catalog?sort_by=value&order=desc&per_page=100&page=20&region=EU");
    expect(r.status).toBe(200);
    expect(r.body.data.products).toHaveLength(100);
    const total = await call(sb, "GET", "/catalog?per_page=1");
    expect(total.body.data.pagination.total).toBe(50_000);
    sb.close();
  });
});
