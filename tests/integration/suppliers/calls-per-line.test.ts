// Upstream calls per line with two suppliers (issue 24: calls per order unchanged): a line costs
// what it costs with one supplier — the quote's check, reused at checkout within the quote window,
// one purchase — and every call goes to the supplier the line was routed to at quote, which it is
// bought from unless that supplier became unable. Two sandbox suppliers, each behind a counting fetch.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { checkout } from "@/lib/orders/checkout/checkout";
import { quoteForClient } from "@/lib/orders/quote/client-quote";
import { toQuoteView } from "@/lib/orders/quote/quote";
import { clearCheckCacheForTests } from "@/lib/orders/quote/check-cache";
import { parseRequiredFields } from "@/lib/orders/quote/topup-fields";
import { validateTopupFields } from "@/lib/orders/quote/validate-topup";
import { createSandbox, type Sandbox } from "@/lib/sandbox";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { hashApiKey } from "@/lib/upstream/db-budget";
import { ensureSandboxProducts } from "../../helpers/catalog-fixtures";

const keys = { main: "sandbox_test_key_0123456789", b: "sandbox_b_key_0123456789" };
const supplierVars = {
  UPSTREAM_SUPPLIERS: "b",
  UPSTREAM_B_BASE_URL: "http://sandbox.test/sandbox/b/v1",
  UPSTREAM_B_API_KEY: keys.b,
};
type Name = keyof typeof keys;

const sandboxes = {} as Record<Name, Sandbox>;
let calls: Record<Name, string[]> = { main: [], b: [] };

/** A client of `name`'s sandbox that records every route it calls. */
function countingClient(name: Name, baseUrl: string): UpstreamClient {
  const counting = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    calls[name].push(`${method} ${url.pathname.replace(/^.*\/v1/, "").replace(/\/\d+$/, "/:id")}`);
    return sandboxes[name].fetch(input, init);
  }) as typeof fetch;
  return new UpstreamClient({ baseUrl, apiKey: keys[name], fetch: counting, budget: null });
}

beforeAll(async () => {
  Object.assign(process.env, supplierVars);
  resetEnvForTests();
  for (const name of ["main", "b"] as const)
    sandboxes[name] = createSandbox({ dbPath: ":memory:", apiKey: keys[name], settleMs: 60_000 });
  setUpstream(countingClient("main", "http://sandbox.test/v1"));
  setUpstream(countingClient("b", supplierVars.UPSTREAM_B_BASE_URL), "b");
  await ensureSandboxProducts(["TEST-INSTANT", "TEST-TOPUP"]);
});

afterAll(() => {
  setUpstream(null, "b");
  setUpstream(null);
  for (const s of Object.values(sandboxes)) s.close();
  for (const key of Object.keys(supplierVars)) delete process.env[key];
  resetEnvForTests();
});

beforeEach(async () => {
  await db.offer.deleteMany();
  await db.upstreamBudget.deleteMany();
  await db.supplier.deleteMany();
  clearCheckCacheForTests();
  calls = { main: [], b: [] };
});

/** Both suppliers sell `itemCode` at the catalog's cost: a tie, which the owner's priorities give to b. */
async function offerAtBoth(itemCode: string) {
  const { chargedPrice } = await db.product.findUniqueOrThrow({ where: { itemCode } });
  for (const [name, priority] of [
    ["main", 10],
    ["b", 0],
  ] as const)
    await db.supplier.upsert({ where: { name }, create: { name, label: name, priority }, update: { priority } });
  await db.offer.createMany({
    data: (["main", "b"] as const).map((supplier) => ({
      supplier,
      itemCode,
      productCode: itemCode,
      unitCost: chargedPrice,
      currency: "USD",
      inStock: true,
    })),
  });
}

/** A supplier's request budget blocked by a 429 for a long while: routing passes it over for purchases. */
async function blockBudget(name: Name) {
  const far = new Date(Date.now() + 3_600_000);
  await db.upstreamBudget.create({
    data: { keyHash: hashApiKey(keys[name]), limit: 100, used: 0, windowStart: new Date(), blockedUntil: far },
  });
}

let n = 0;
const card = { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };

/**
 * What the checkout page does — verify a top-up's account, quote, pay — then `between()` (what
 * changed before the shopper paid), and the purchase after the response; returns the line.
 */
async function buy(itemCode: string, opts: { fields?: Record<string, string>; between?: () => Promise<void> } = {}) {
  const ip = `198.51.100.${++n}`;
  let accountProof: string | null | undefined;
  if (opts.fields) {
    const product = await db.product.findUniqueOrThrow({ where: { itemCode } });
    const verified = await validateTopupFields(itemCode, parseRequiredFields(product.requiredFields), opts.fields);
    if (!verified.ok) throw new Error(verified.message);
    accountProof = verified.proof;
  }
  const quoted = await quoteForClient([{ itemCode, quantity: 1 }], ip);
  if (!quoted.ok) throw new Error(quoted.message);
  const view = toQuoteView(quoted.quote);
  await opts.between?.();
  const placed = await checkout(
    {
      email: "calls@example.com",
      items: [{ itemCode, quantity: 1, ...(opts.fields ? { fields: opts.fields, accountProof } : {}) }],
      card,
      expectedTotal: view.total,
      ...(view.proof ? { quoteProof: view.proof } : {}),
    },
    { userId: null, ip },
  );
  if (!placed.ok) throw new Error(placed.message);
  await waitForAfterResponseTasks();
  return db.orderLine.findFirstOrThrow({ where: { orderId: placed.orderId } });
}

describe("upstream calls per line with two suppliers", () => {
  it("an instant line routed to b costs b's check and b's purchase, as one supplier's line costs two calls", async () => {
    await offerAtBoth("TEST-INSTANT");
    const line = await buy("TEST-INSTANT");
    expect(line).toMatchObject({ status: "delivered", supplier: "b" });
    expect(calls).toEqual({ main: [], b: ["POST /orders/check", "POST /orders"] });
  });

  it("a top-up routed to b verifies the account at b: three calls, all at b", async () => {
    await offerAtBoth("TEST-TOPUP");
    const line = await buy("TEST-TOPUP", { fields: { player_id: "12345678" } });
    expect(calls).toEqual({ main: [], b: ["POST /orders/validate-fields", "POST /orders/check", "POST /orders"] });
    expect(line).toMatchObject({ status: "delivered", supplier: "b" });
  });

  it("a line quoted at b whose budget is spent by checkout is still bought from b, without a second check", async () => {
    await offerAtBoth("TEST-INSTANT");
    const line = await buy("TEST-INSTANT", { between: () => blockBudget("b") });
    expect(calls).toEqual({ main: [], b: ["POST /orders/check", "POST /orders"] });
    expect(line).toMatchObject({ status: "delivered", supplier: "b" });
  });
});
