// Scale-out: two `next start` instances of the e2e build on ONE PostgreSQL database and ONE
// sandbox upstream (its own process), webhooks through a load balancer that picks either
// instance at random, 10 % of upstream calls answered 500 and 10 % of purchases bought but
// never answered. 50 checkouts (instant, pending, top-up, failing, declined) go to either
// instance; half-way one instance is SIGKILLed. The survivor must finish every paid line, with
// no duplicate upstream order, no 429 from the sandbox, and the money adding up on both sides.
import { expect, test } from "@playwright/test";
import pg from "pg";
import {
  freePort,
  migrateDeploy,
  startBalancer,
  startSandboxServer,
  startShopInstance,
  type Balancer,
  type Proc,
} from "../../../scripts/cluster";
import { databaseUrl, withAdmin } from "../../helpers/postgres";
import { e2eSecrets } from "../e2e-env.mjs";
import { freshTotpCode } from "../two-factor-codes";

const dbName = "shop_scale_e2e";
const rateLimit = 150;
const initialBalance = "5000.00";
const owner = {
  email: "owner@scale.test",
  password: "scale-owner-password-0123",
  totpSecret: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU",
};

type Kind = "instant" | "pending" | "topup" | "topup-pending" | "fail" | "pending-fail" | "declined";
const itemFor: Record<Kind, string> = {
  instant: "TEST-INSTANT",
  pending: "TEST-PENDING",
  topup: "TEST-TOPUP",
  "topup-pending": "TEST-TOPUP-PENDING",
  fail: "TEST-FAIL",
  "pending-fail": "TEST-PENDING-FAIL",
  declined: "TEST-INSTANT",
};
const mix: [Kind, number][] = [
  ["instant", 14],
  ["pending", 10],
  ["topup", 8],
  ["topup-pending", 4],
  ["fail", 6],
  ["pending-fail", 4],
  ["declined", 4],
];
// Interleaved, so every stretch of the run (and both sides of the kill) has every kind.
const plan: Kind[] = (() => {
  const queues = mix.map(([kind, n]) => Array<Kind>(n).fill(kind));
  const out: Kind[] = [];
  while (queues.some((q) => q.length)) for (const q of queues) if (q.length) out.push(q.pop()!);
  return out;
})();

let sandbox: Proc;
let balancer: Balancer;
let a: Proc;
let b: Proc;
let shopDbUrl: string;

async function sandboxControl<T>(action: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${sandbox.url}/sandbox/control/${action}`, {
    method: "POST",
    headers: { "X-API-Key": e2eSecrets.SANDBOX_API_KEY, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.ok, `sandbox control ${action}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: shopDbUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await withAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${dbName}"`);
  });
  shopDbUrl = databaseUrl(dbName);
  // What `npm start` does first, against the committed PostgreSQL migrations.
  migrateDeploy(shopDbUrl);

  const [sandboxPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  balancer = await startBalancer(() =>
    [a, b].filter((p) => p && !p.child.killed && p.child.exitCode === null).map((p) => p.url),
  );
  const shared = {
    ...process.env,
    ...e2eSecrets,
    // A demo against a sandbox server; every request comes from this machine (the balancer).
    DEMO_MODE: "true",
    RATE_LIMIT_EXEMPT: "127.0.0.1,::1",
    SANDBOX_RATE_LIMIT: String(rateLimit),
    UPSTREAM_RATE_LIMIT: String(rateLimit),
    SANDBOX_INITIAL_BALANCE: initialBalance,
  };
  sandbox = await startSandboxServer({
    port: sandboxPort,
    env: {
      ...shared,
      SANDBOX_DB_PATH: `./data/e2e/scale-sandbox-${process.pid}.db`,
      SANDBOX_CATALOG_SIZE: "300",
      SANDBOX_SETTLE_MS: "3000",
      SANDBOX_WEBHOOK_URL: `${balancer.url}/api/webhooks/upstream`,
    },
  });
  await sandboxControl("reset");

  const instanceEnv = {
    ...shared,
    DATABASE_URL: shopDbUrl,
    APP_URL: balancer.url,
    NEXTAUTH_URL: balancer.url,
    SANDBOX_ENABLED: "false",
    TEST_PRODUCTS_ENABLED: "true",
    UPSTREAM_BASE_URL: `${sandbox.url}/sandbox/v1`,
    UPSTREAM_API_KEY: e2eSecrets.SANDBOX_API_KEY,
    BACKGROUND_JOBS: "true",
    RECONCILE_INTERVAL_MS: "1000",
    DATABASE_POOL_SIZE: "5",
  };
  // Seed and owner first (scripts run against the same database), then both instances at once:
  // each starts its catalog scheduler, and only one may sync.
  const { execFileSync } = await import("node:child_process");
  const tsx = ["--conditions=react-server", "--import", "tsx"];
  const scriptEnv = { ...instanceEnv, SCALE_OWNER_PASSWORD: owner.password, SCALE_OWNER_TOTP: owner.totpSecret };
  execFileSync(process.execPath, [...tsx, "prisma/seed.ts"], { env: scriptEnv, stdio: "ignore" });
  execFileSync(
    process.execPath,
    [
      ...tsx,
      "scripts/create-owner.ts",
      owner.email,
      "--password-env",
      "SCALE_OWNER_PASSWORD",
      "--totp-secret-env",
      "SCALE_OWNER_TOTP",
    ],
    { env: scriptEnv, stdio: "ignore" },
  );
  [a, b] = await Promise.all([
    startShopInstance({ name: "instance A", port: portA, distDir: ".next-e2e", env: instanceEnv }),
    startShopInstance({ name: "instance B", port: portB, distDir: ".next-e2e", env: instanceEnv }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sandbox?.stop();
  await balancer?.close();
});

test("a shopper signed in on one instance is signed in on the other", async ({ page }) => {
  await page.goto(`${a.url}/sign-in?callbackUrl=${encodeURIComponent("/admin")}`);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Authentication code").fill(await freshTotpCode(owner.email, owner.totpSecret));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // Same host, other port: the browser sends the same session cookie; B must accept it.
  await page.goto(`${b.url}/admin`);
  await expect(page).toHaveURL(new RegExp(`^${b.url}/admin$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

type Outcome = { kind: Kind; instance: string; result: "placed" | "declined" | "lost"; token?: string };

/** One shopper's checkout on `base`: quote, then pay; tries again when the shop says so. */
async function checkout(base: string, kind: Kind, n: number): Promise<Outcome> {
  const items = [
    {
      itemCode: itemFor[kind],
      quantity: 1,
      ...(kind.startsWith("topup") ? { fields: { player_id: String(10_000_000 + n) } } : {}),
    },
  ];
  const card = {
    number: kind === "declined" ? "4000 0000 0000 0002" : "4242 4242 4242 4242",
    expiry: "12/30",
    cvc: "123",
  };
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
  let last = "";
  for (let attempt = 0; attempt < 60; attempt++) {
    let res: Response;
    let body: { ok: boolean; token?: string; message?: string };
    try {
      const quote = await post("/api/checkout/quote", { items });
      const q = (await quote.json()) as { ok: boolean; total?: string; problems?: string[] };
      // An upstream 500 or a spent budget on the live check: the shop asks to try again.
      if (!q.ok || q.problems?.length) {
        last = `quote ${quote.status}: ${JSON.stringify(q).slice(0, 300)}`;
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      res = await post("/api/checkout", { email: `shopper${n}@scale.test`, items, card, expectedTotal: q.total });
      body = (await res.json()) as typeof body;
    } catch {
      // The instance died under the request: the shopper cannot know whether it was paid.
      return { kind, instance: base, result: "lost" };
    }
    if (res.status === 201 && body.token) return { kind, instance: base, result: "placed", token: body.token };
    if (kind === "declined" && /declined/i.test(body.message ?? ""))
      return { kind, instance: base, result: "declined" };
    last = `checkout ${res.status}: ${JSON.stringify(body).slice(0, 300)}`;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`checkout ${n} (${kind}) never went through; last answer: ${last}`);
}

test("50 checkouts across two instances under upstream faults, one instance killed half-way", async () => {
  test.setTimeout(600_000);
  await sandboxControl("setFaults", { serverErrorRate: 0.1, dropPurchaseRate: 0.1 });

  const outcomes: Outcome[] = [];
  let next = 0;
  let placed = 0;
  let killed: Promise<void> | null = null;
  let openAtKill = -1;
  const live = () => (killed ? [a] : [a, b]);
  const worker = async () => {
    while (next < plan.length) {
      const n = next++;
      const targets = live();
      const base = targets[n % targets.length]!.url;
      const outcome = await checkout(base, plan[n]!, n);
      outcomes.push(outcome);
      if (outcome.result === "placed" && ++placed >= 25 && !killed) {
        // Mid-run: from the 25th checkout on, as soon as lines are in progress (B holds leases,
        // purchases in flight and unanswered webhooks).
        const open = `SELECT count(*)::int AS n FROM "OrderLine" WHERE status IN ('paid', 'purchasing', 'pending_upstream', 'failed')`;
        const n = (await query<{ n: number }>(open))[0]!.n;
        if (n > 0 && !killed) {
          openAtKill = n;
          killed = b.kill();
        }
      }
    }
  };
  await Promise.all(Array.from({ length: 5 }, worker));
  await killed;
  expect(killed, "instance B was killed").not.toBeNull();
  expect(openAtKill, "lines still in progress when B died").toBeGreaterThan(0);
  expect(outcomes).toHaveLength(plan.length);
  expect(
    new Set(outcomes.filter((o) => o.result === "placed").map((o) => o.instance)).size,
    "checkouts on both instances",
  ).toBe(2);

  // Every paid line reaches delivered or refunded (the survivor's reconciler and webhooks).
  const paidLines = `SELECT l.* FROM "OrderLine" l WHERE EXISTS (SELECT 1 FROM "Payment" p WHERE p."orderId" = l."orderId" AND p.status = 'succeeded')`;
  await expect
    .poll(
      async () =>
        (
          await query(`SELECT count(*)::int AS n FROM (${paidLines}) l WHERE l.status NOT IN ('delivered', 'refunded')`)
        )[0]!.n,
      {
        timeout: 300_000,
        intervals: [1000],
        message: "paid lines still open",
      },
    )
    .toBe(0);
  await sandboxControl("setFaults", { serverErrorRate: 0, dropPurchaseRate: 0 });

  const lines = await query<{
    id: string;
    itemCode: string;
    status: string;
    idempotencyKey: string | null;
    lineTotal: string;
    upstreamAmount: string | null;
    token: string;
  }>(
    `SELECT l.id, l."itemCode", l.status, l."idempotencyKey", l."lineTotal"::text, l."upstreamAmount"::text, o.token FROM (${paidLines}) l JOIN "Order" o ON o.id = l."orderId"`,
  );
  const placedOutcomes = outcomes.filter((o) => o.result === "placed");
  // Every checkout the shopper saw succeed is a paid line; ones lost with B may be paid too.
  for (const o of placedOutcomes)
    expect(
      lines.some((l) => l.token === o.token),
      `paid line for ${o.kind}`,
    ).toBe(true);
  for (const l of lines) {
    const shouldDeliver = !["TEST-FAIL", "TEST-PENDING-FAIL"].includes(l.itemCode);
    expect(l.status, `${l.itemCode} line`).toBe(shouldDeliver ? "delivered" : "refunded");
  }
  expect(
    outcomes.filter((o) => o.kind === "declined" && o.result !== "lost").every((o) => o.result === "declined"),
  ).toBe(true);

  // Zero duplicate upstream orders: one sandbox order per line that was bought, each key once.
  const { orders } = await sandboxControl<{ orders: { idempotency_key: string; status: string; amount: string }[] }>(
    "listOrders",
  );
  const keys = orders.map((o) => o.idempotency_key);
  expect(new Set(keys).size, "no idempotency key bought twice").toBe(keys.length);
  expect([...keys].sort()).toEqual(
    lines
      .map((l) => l.idempotencyKey)
      .filter((k): k is string => k !== null)
      .sort(),
  );

  // The budget held across both instances: the sandbox never answered 429.
  const stats = await sandboxControl<{ rateLimited: number; requests: number }>("stats");
  expect(stats.rateLimited).toBe(0);

  // Money adds up: shoppers paid for what they got; the wallet paid for what was delivered.
  const cents = (v: string | number | null) => Math.round(Number(v ?? 0) * 100);
  const [{ paid }] = await query<{ paid: string }>(
    `SELECT coalesce(sum(amount), 0)::text AS paid FROM "Payment" WHERE status = 'succeeded'`,
  );
  const [{ refunded }] = await query<{ refunded: string }>(
    `SELECT coalesce(sum(amount), 0)::text AS refunded FROM "Refund" WHERE status = 'succeeded'`,
  );
  const delivered = lines.filter((l) => l.status === "delivered");
  expect(cents(paid!) - cents(refunded!)).toBe(delivered.reduce((s, l) => s + cents(l.lineTotal), 0));
  const { balance } = await sandboxControl<{ balance: string }>("getBalance");
  const completed = orders.filter((o) => o.status === "completed");
  expect(cents(initialBalance) - cents(balance)).toBe(completed.reduce((s, o) => s + cents(o.amount), 0));
  expect(completed).toHaveLength(delivered.length);
  expect(delivered.reduce((s, l) => s + cents(l.upstreamAmount), 0)).toBe(
    completed.reduce((s, o) => s + cents(o.amount), 0),
  );

  // Webhooks reached both instances through the balancer, and each delivery was applied once.
  expect(balancer.forwarded.size, "webhooks delivered to both instances").toBe(2);
  const twice = await query(
    `SELECT "deliveryId" FROM "WebhookDelivery" WHERE "processedDeliveryId" IS NOT NULL GROUP BY "deliveryId" HAVING count(*) > 1`,
  );
  expect(twice).toEqual([]);

  // Two catalog syncs never overlapped (both instances started their scheduler at once).
  const runs = await query<{ startedAt: Date; finishedAt: Date | null }>(
    `SELECT "startedAt", "finishedAt" FROM "SyncRun" WHERE status <> 'skipped' ORDER BY "startedAt"`,
  );
  for (let i = 1; i < runs.length; i++)
    expect(runs[i]!.startedAt.getTime()).toBeGreaterThanOrEqual(runs[i - 1]!.finishedAt!.getTime());

  console.log(
    `scale-out: ${openAtKill} lines in progress at the kill; ${placedOutcomes.length} placed (${outcomes.filter((o) => o.result === "lost").length} lost with B), ${delivered.length} delivered, ` +
      `${lines.length - delivered.length} refunded, ${orders.length} upstream orders, ${stats.requests} upstream calls, webhooks per instance ${JSON.stringify([...balancer.forwarded.values()])}`,
  );
});
