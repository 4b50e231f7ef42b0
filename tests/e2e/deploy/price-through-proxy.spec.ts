// A price changed by a sync reaches shoppers through the proxy within the lifetime the app gave the
// cached page. The deployment's topology without containers (scripts/cluster-stack.ts): nginx with
// deploy/nginx/shop.conf.template in front of two standalone replicas on ONE PostgreSQL database.
// nginx holds a product page (a cached catalog page, `public, s-maxage=…`); the supplier changes
// that SKU's price, a third process runs the shop's delta sync, and the page through nginx must
// show the new price once nginx's copy has run out (s-maxage) and the replicas have noticed the
// new catalog version (PAGE_CACHE_POLL_MS). docs/deployment.md#the-proxy-in-front
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import type { Stack } from "../../../scripts/cluster-stack";
import { withAdmin } from "../../helpers/postgres";
import { proxyStackDb, startProxyStack } from "./proxy-stack";

const dbName = proxyStackDb("price_proxy");
let stack: Stack;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  stack = await startProxyStack("price_proxy", {
    // Short enough for a test, long enough that nginx still holds the old page when the sync ends.
    PAGE_CACHE_S_MAXAGE: "10",
    PAGE_CACHE_POLL_MS: "1000",
  });
});

test.afterAll(async () => {
  await stack?.stop();
});

type Sku = { itemCode: string; price: string; raised: string };

/** A listed SKU shoppers can see, its supplier price, and that price raised by 7.00 (decimal arithmetic in SQL). */
async function pickSku(): Promise<Sku> {
  return withAdmin(async (c) => {
    const { rows } = await c.query<Sku>(
      `SELECT "itemCode", ROUND("price", 2)::text AS "price", ROUND("price" + 7, 2)::text AS "raised"
       FROM "Product" WHERE "listed" AND NOT "hidden" AND "productType" <> 'test' AND "shopPrice" < 900
       ORDER BY "itemCode" LIMIT 1`,
    );
    expect(rows[0], "a listed SKU").toBeDefined();
    return rows[0]!;
  }, dbName);
}

async function shopPriceOf(itemCode: string): Promise<string> {
  return withAdmin(async (c) => {
    const { rows } = await c.query<{ shopPrice: string }>(
      `SELECT ROUND("shopPrice", 2)::text AS "shopPrice" FROM "Product" WHERE "itemCode" = $1`,
      [itemCode],
    );
    return rows[0]!.shopPrice;
  }, dbName);
}

/** The price the product page shows, loaded afresh in the browser through nginx. */
async function shownPrice(page: Page, url: string): Promise<string> {
  await page.goto(url);
  return (await page.getByTestId("product-price").textContent()) ?? "";
}

test("a price changed by a sync is shown through the proxy within the configured s-maxage", async ({ page }) => {
  test.setTimeout(120_000);
  const sku = await pickSku();
  const url = `${stack.url}/p/${encodeURIComponent(sku.itemCode)}`;
  const before = await shopPriceOf(sku.itemCode);
  expect(await shownPrice(page, url)).toContain(before);

  // nginx now holds the page: the next answer comes from its cache, with the lifetime the app set.
  let cached = await fetch(url);
  await cached.arrayBuffer();
  // (A client that asks for another encoding may get its own copy first.)
  if (cached.headers.get("x-cache-status") !== "HIT") await (cached = await fetch(url)).arrayBuffer();
  expect(cached.headers.get("x-cache-status"), "served from nginx's cache").toBe("HIT");
  const sMaxAge = Number(/s-maxage=(\d+)/.exec(cached.headers.get("cache-control") ?? "")?.[1]);
  expect(sMaxAge, "the page's s-maxage").toBeGreaterThan(0);
  const pollMs = Number(stack.env.PAGE_CACHE_POLL_MS);

  // The supplier raises the price; a third process (neither replica) runs the shop's delta sync.
  const control = await fetch(`${stack.sandbox.url}/sandbox/control/publishChanges`, {
    method: "POST",
    headers: { "X-API-Key": stack.env.SANDBOX_API_KEY!, "Content-Type": "application/json" },
    body: JSON.stringify({ priceChanges: { [sku.itemCode]: sku.raised } }),
  });
  expect(control.ok, "sandbox control publishChanges").toBe(true);
  execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/sync.ts", "delta"], {
    env: stack.env,
    stdio: "ignore",
  });
  const syncEnded = Date.now();
  const after = await shopPriceOf(sku.itemCode);
  expect(after, "the sync re-priced the SKU").not.toBe(before);

  // Each probe is a fresh page load through nginx; remember when the first one showing the new price started.
  let seenAt = 0;
  let slowestProbeMs = 0;
  let oldProbes = 0;
  await expect
    .poll(
      async () => {
        const started = Date.now();
        const text = await shownPrice(page, url);
        slowestProbeMs = Math.max(slowestProbeMs, Date.now() - started);
        if (!text.includes(after)) oldProbes++;
        else if (!seenAt) seenAt = started;
        return text;
      },
      { timeout: 3 * (sMaxAge * 1000 + pollMs) + 30_000, intervals: [250] },
    )
    .toContain(after);
  // The bound: nginx's copy runs out (s-maxage) after the replicas have noticed the new version
  // (one poll); the first request past it is served the old copy while nginx refreshes it
  // (stale-while-revalidate), so two probes may pass before the new price shows.
  const bound = sMaxAge * 1000 + pollMs + 2 * slowestProbeMs;
  test.info().annotations.push({
    type: "freshness",
    description: `s-maxage ${sMaxAge} s, poll ${pollMs} ms; old price on ${oldProbes} probes after the sync, new price ${seenAt - syncEnded} ms after it (bound ${bound} ms)`,
  });
  expect(
    seenAt - syncEnded,
    `shown ${seenAt - syncEnded} ms after the sync ended (bound ${bound} ms)`,
  ).toBeLessThanOrEqual(bound);
});
