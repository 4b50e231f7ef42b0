// Delta syncs cost what changed, and nothing that changes while a sync pages is lost: the
// sandbox's publishChanges acts between pages through the harness's fetch wrapper.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { runCatalogSync } from "@/lib/catalog/sync";
import { startSyncHarness } from "./sync-harness";

const h = startSyncHarness({ catalogSize: 250 });
const minutes = (n: number) => n * 60_000;

async function listedCodes(n: number, skip: number): Promise<string[]> {
  const rows = await db.product.findMany({
    where: { listed: true, productType: { not: "test" } },
    orderBy: { itemCode: "asc" },
    skip,
    take: n,
  });
  return rows.map((r) => r.itemCode);
}
const priceOf = async (code: string) =>
  (await db.product.findUniqueOrThrow({ where: { itemCode: code } })).price.toFixed(2);
const reprice = (codes: string[], price: string) =>
  h.sandbox.control.publishChanges({ priceChanges: Object.fromEntries(codes.map((c) => [c, price])) });

/** Runs `act` once, before the catalog call that follows the page listing `code`. */
function afterPageWith(code: string, act: () => void) {
  let armed = false;
  h.state.rewrite = (_url, body) => {
    if ((body.data.products as { item_code: string }[]).some((p) => p.item_code === code)) armed = true;
  };
  h.state.beforePage = () => {
    if (!armed) return;
    h.state.beforePage = undefined;
    act();
  };
}

beforeAll(async () => {
  expect((await runCatalogSync({ kind: "full", trigger: "startup" }, h.deps)).status).toBe("succeeded");
});
afterEach(() => {
  h.state.beforePage = undefined;
  h.state.rewrite = undefined;
});
afterAll(() => h.close());

describe("delta syncs that cost what changed", () => {
  it("an idle delta after a bulk change costs one upstream call", async () => {
    const codes = await listedCodes(150, 0);
    h.sandbox.control.advanceTime(minutes(1));
    reprice(codes, "31.00");
    h.sandbox.control.advanceTime(minutes(5));
    h.takeCalls();
    expect(await runCatalogSync({ kind: "delta", trigger: "schedule" }, h.deps)).toMatchObject({
      status: "succeeded",
      updated: 150,
    });
    expect(h.takeCalls()).toBe(2);

    h.sandbox.control.advanceTime(minutes(5));
    const idle = await runCatalogSync({ kind: "delta", trigger: "schedule" }, h.deps);
    expect(idle).toMatchObject({ status: "succeeded", added: 0, updated: 0, removed: 0 });
    expect(h.takeCalls()).toBe(1);
  });

  it("a change to a page already read while a delta pages is picked up by the next delta", async () => {
    const codes = await listedCodes(10, 160);
    h.sandbox.control.advanceTime(minutes(1));
    reprice(codes, "41.00");
    h.sandbox.control.advanceTime(minutes(5));
    // Once its page was read, the first SKU changes, then a SKU on a later page, a second later.
    afterPageWith(codes[0], () => {
      h.sandbox.control.advanceTime(1000);
      reprice([codes[0]], "42.00");
      h.sandbox.control.advanceTime(1000);
      reprice([codes[9]], "43.00");
    });
    expect(await runCatalogSync({ kind: "delta", trigger: "schedule" }, { ...h.deps, perPage: 3 })).toMatchObject({
      status: "succeeded",
    });
    expect(await priceOf(codes[9])).toBe("43.00");

    h.sandbox.control.advanceTime(minutes(5));
    expect(await runCatalogSync({ kind: "delta", trigger: "schedule" }, { ...h.deps, perPage: 3 })).toMatchObject({
      status: "succeeded",
    });
    expect(await priceOf(codes[0])).toBe("42.00");
  });

  it("does not miss a changed SKU that moves onto a page already read when another leaves the list mid-delta", async () => {
    const codes = await listedCodes(10, 180);
    h.sandbox.control.advanceTime(minutes(1));
    reprice(codes, "51.00");
    h.sandbox.control.advanceTime(minutes(5));
    // Once the page holding SKU 2 was read, SKU 1 (same page or the one before) is unpublished:
    // the SKUs after it move back by one, and the first of the next page lands on a page already read.
    afterPageWith(codes[2], () => h.sandbox.control.publishChanges({ unpublish: [codes[1]] }));
    const run = await runCatalogSync({ kind: "delta", trigger: "schedule" }, { ...h.deps, perPage: 3 });
    expect(run).toMatchObject({ status: "succeeded", removed: 1 });
    for (const code of codes.filter((c) => c !== codes[1])) expect(await priceOf(code), code).toBe("51.00");
    expect(await db.product.findUniqueOrThrow({ where: { itemCode: codes[1] } })).toMatchObject({ listed: false });
  });

  it("does not unlist a SKU that moves onto a page already read when another leaves the list mid-full-sync", async () => {
    const [onPageOne] = await listedCodes(1, 10);
    // The full listing includes test SKUs and sorts by item code: the first SKU of page 2 is the 101st.
    const all = await db.product.findMany({
      where: { listed: true },
      orderBy: { itemCode: "asc" },
      select: { itemCode: true },
    });
    const firstOfPageTwo = all[100].itemCode;
    afterPageWith(onPageOne, () => {
      h.sandbox.control.advanceTime(1000);
      h.sandbox.control.publishChanges({ unpublish: [onPageOne] });
    });
    const run = await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps);
    expect(run).toMatchObject({ status: "succeeded", removed: 0 });
    expect(await db.product.findUniqueOrThrow({ where: { itemCode: firstOfPageTwo } })).toMatchObject({ listed: true });

    // The SKU read before it was unpublished is the next delta's business.
    h.sandbox.control.advanceTime(minutes(5));
    expect(await runCatalogSync({ kind: "delta", trigger: "schedule" }, h.deps)).toMatchObject({
      status: "succeeded",
      removed: 1,
    });
    expect(await db.product.findUniqueOrThrow({ where: { itemCode: onPageOne } })).toMatchObject({ listed: false });
    expect(await db.product.findUniqueOrThrow({ where: { itemCode: firstOfPageTwo } })).toMatchObject({ listed: true });
  });
});
