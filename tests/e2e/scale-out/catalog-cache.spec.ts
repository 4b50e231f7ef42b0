// Cached listings on two instances over ONE PostgreSQL database: a sync run by a third process
// (neither instance) must reach both instances' cached listings at once, and only the listings it
// touched. To see what is served from a cache, one family is hidden by hand in the database
// WITHOUT a catalog change (what no code path does): a listing still served from its cache keeps
// showing that family, a recomputed one drops it.
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { freePort, migrateDeploy, startSandboxServer, startShopInstance, type Proc } from "../../../scripts/cluster";
import { databaseUrl, testDbPrefix, withAdmin } from "../../helpers/postgres";
import { e2eSecrets } from "../e2e-env.mjs";

const dbName = `${testDbPrefix}cache_e2e`;
let sandbox: Proc;
let instances: Proc[] = [];
let shopDbUrl: string;
let scriptEnv: NodeJS.ProcessEnv;

type Family = {
  familySlug: string;
  productType: string;
  brandSlug: string;
  brandName: string;
  categoryId: string;
  codes: string[];
};
let changed: Family;
let untouched: Family;

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: shopDbUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function sandboxControl(action: string, body: unknown): Promise<void> {
  const res = await fetch(`${sandbox.url}/sandbox/control/${action}`, {
    method: "POST",
    headers: { "X-API-Key": e2eSecrets.SANDBOX_API_KEY, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.ok, `sandbox control ${action}`).toBe(true);
}

const tsx = ["--conditions=react-server", "--import", "tsx"];
const runSync = (kind: "full" | "delta") =>
  execFileSync(process.execPath, [...tsx, "scripts/sync.ts", kind], { env: scriptEnv, stdio: "ignore" });

/** The family tiles a page shows on one instance. */
async function tiles(base: string, path: string): Promise<string[]> {
  const html = await (await fetch(base + path)).text();
  return [...html.matchAll(/href="\/f\/([^"?]+)/g)].map((m) => decodeURIComponent(m[1]));
}
const listingOf = (f: Family) => `/t/${f.productType}?brand=${encodeURIComponent(f.brandSlug)}`;
const searchFor = (f: Family) => `/search?q=${encodeURIComponent(f.brandName)}`;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await withAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${dbName}"`);
  });
  shopDbUrl = databaseUrl(dbName);
  migrateDeploy(shopDbUrl);
  const shared = {
    ...process.env,
    ...e2eSecrets,
    DEMO_MODE: "true",
    RATE_LIMIT_EXEMPT: "127.0.0.1,::1",
    SANDBOX_RATE_LIMIT: "100000",
    UPSTREAM_RATE_LIMIT: "100000",
  };
  sandbox = await startSandboxServer({
    port: await freePort(),
    env: {
      ...shared,
      SANDBOX_DB_PATH: `./data/e2e/cache-sandbox-${process.pid}.db`,
      SANDBOX_CATALOG_SIZE: "300",
      SANDBOX_WEBHOOK_URL: "",
    },
  });
  await sandboxControl("reset", {});
  const instanceEnv = {
    ...shared,
    DATABASE_URL: shopDbUrl,
    SANDBOX_ENABLED: "false",
    UPSTREAM_BASE_URL: `${sandbox.url}/sandbox/v1`,
    UPSTREAM_API_KEY: e2eSecrets.SANDBOX_API_KEY,
    BACKGROUND_JOBS: "false",
    DATABASE_POOL_SIZE: "3",
  };
  scriptEnv = { ...instanceEnv, APP_URL: "http://127.0.0.1:1" };
  execFileSync(process.execPath, [...tsx, "prisma/seed.ts"], { env: scriptEnv, stdio: "ignore" });
  runSync("full");
  const ports = [await freePort(), await freePort()];
  instances = await Promise.all(
    ports.map((port, i) => {
      const url = `http://127.0.0.1:${port}`;
      return startShopInstance({
        name: `instance ${"AB"[i]}`,
        port,
        distDir: ".next-e2e",
        env: { ...instanceEnv, APP_URL: url, NEXTAUTH_URL: url },
      });
    }),
  );

  // Two families that share no type, brand or category.
  const families = await query<Family>(`
    SELECT p."familySlug", p."productType", b."slug" AS "brandSlug", p."brandName", MIN(p."categoryId") AS "categoryId", ARRAY_AGG(p."itemCode") AS "codes"
    FROM "Product" p JOIN "Brand" b ON b."id" = p."brandId"
    WHERE p."listed" AND NOT p."hidden" AND p."productType" <> 'test'
    GROUP BY p."familySlug", p."productType", b."slug", p."brandName" HAVING COUNT(DISTINCT p."categoryId") = 1 ORDER BY p."familySlug"`);
  changed = families[0];
  untouched = families.find(
    (f) =>
      f.productType !== changed.productType && f.brandSlug !== changed.brandSlug && f.categoryId !== changed.categoryId,
  )!;
  expect(untouched, "two families with no scope in common").toBeDefined();
});

test.afterAll(async () => {
  await Promise.all(instances.map((p) => p.stop()));
  await sandbox?.stop();
});

test("a sync reaches the listings it touched on both instances at once, and no other listing", async () => {
  // Both instances cache both listings and a search.
  for (const { url } of instances) {
    expect(await tiles(url, listingOf(changed))).toContain(changed.familySlug);
    expect(await tiles(url, listingOf(untouched))).toContain(untouched.familySlug);
    expect(await tiles(url, searchFor(untouched))).toContain(untouched.familySlug);
  }
  // Behind the caches' back (no catalog change): what a cached page keeps showing, a fresh one drops.
  await query(`UPDATE "Product" SET "hidden" = TRUE WHERE "familySlug" = $1`, [untouched.familySlug]);
  for (const { url } of instances)
    expect(await tiles(url, listingOf(untouched)), "served from the cache").toContain(untouched.familySlug);

  // A third process syncs: the upstream withdrew every SKU of `changed`.
  await sandboxControl("publishChanges", { unpublish: changed.codes });
  runSync("delta");

  // Each instance reads the catalog version once a second (PAGE_CACHE_POLL_MS) and drops the
  // cached pages of the scopes the sync touched.
  for (const { url, name } of instances) {
    await expect
      .poll(() => tiles(url, listingOf(changed)), { message: `${name}: the touched listing follows` })
      .not.toContain(changed.familySlug);
    // A search spans the catalog: any change recomputes it (and so it sees the hidden family).
    expect(await tiles(url, searchFor(untouched)), `${name}: a search follows every change`).not.toContain(
      untouched.familySlug,
    );
    expect(await tiles(url, listingOf(untouched)), `${name}: an untouched listing is still its cached copy`).toContain(
      untouched.familySlug,
    );
  }

  // A later change to `untouched`'s scope reaches its listing, on both instances.
  await sandboxControl("publishChanges", { unpublish: [untouched.codes[0]] });
  runSync("delta");
  for (const { url } of instances)
    await expect.poll(() => tiles(url, listingOf(untouched))).not.toContain(untouched.familySlug);
});
