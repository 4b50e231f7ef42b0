// Contract suite, HTTP leg: the client over real HTTP against a running sandbox (the shared
// dev server, or the e2e run's server). Runs only when UPSTREAM_HTTP_BASE_URL is set and
// reachable, e.g. UPSTREAM_HTTP_BASE_URL=http://localhost:3000/sandbox/v1. It never resets or
// reconfigures that shared sandbox and spends only a dozen requests of its budget.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  NotFoundError,
  OutOfStockError,
  TerminalFailureError,
  UnauthorizedError,
  UpstreamClient,
  UpstreamNetworkError,
  UpstreamTimeoutError,
} from "@/lib/upstream";
import { errorOf, sandboxKey } from "./sandbox-client";

const baseUrl = process.env.UPSTREAM_HTTP_BASE_URL?.replace(/\/+$/, "");
const apiKey = process.env.UPSTREAM_HTTP_API_KEY ?? sandboxKey;

async function probe(url: string): Promise<string | null> {
  try {
    const res = await fetch(`${url}/`, {
      headers: { "X-API-Key": apiKey, Accept: "application/json" },
      signal: AbortSignal.timeout(15_000),
    });
    return res.ok ? null : `GET ${url}/ answered HTTP ${res.status}`;
  } catch (err) {
    return `${url} is not reachable (${err instanceof Error ? err.message : "error"})`;
  }
}

const skipReason = baseUrl ? await probe(baseUrl) : "UPSTREAM_HTTP_BASE_URL is not set";
if (skipReason)
  console.warn(
    `contract-http: skipped — ${skipReason}. Set UPSTREAM_HTTP_BASE_URL=http://localhost:3000/sandbox/v1 with the app running.`,
  );

const client = () => new UpstreamClient({ baseUrl: baseUrl!, apiKey, timeoutMs: 15_000, purchaseTimeoutMs: 30_000 });
const key = () => `http-contract-${crypto.randomUUID()}`;

describe.skipIf(skipReason !== null)("upstream client over HTTP", () => {
  it("reads API info and the balance with real headers", async () => {
    const c = client();
    expect((await c.info()).apiVersion).toBe("1");
    expect((await c.balance()).balance).toMatch(/^\d+(\.\d+)?$/);
  });

  it("looks up a test SKU in the catalog and 404s an unknown category", async () => {
    const c = client();
    const page = await c.catalog({ itemId: "TEST-INSTANT", includeTest: true });
    expect(page.products.map((p) => p.itemCode)).toEqual(["TEST-INSTANT"]);
    expect(await errorOf(c.catalog({}, { category: "No Such Shelf" }))).toBeInstanceOf(NotFoundError);
  });

  it("checks stock and maps out_of_stock to OutOfStockError", async () => {
    const c = client();
    expect((await c.check({ itemCode: "TEST-INSTANT", quantity: 1 })).available).toBe(true);
    expect(await errorOf(c.check({ itemCode: "TEST-OOS", quantity: 1 }))).toBeInstanceOf(OutOfStockError);
  });

  it("buys once per idempotency key and reads the order back", async () => {
    const c = client();
    const k = key();
    const order = await c.purchase({ itemCode: "TEST-INSTANT", quantity: 1 }, { idempotencyKey: k });
    expect(order.status).toBe("completed");
    expect(order.codes).toHaveLength(1);
    expect((await c.purchase({ itemCode: "TEST-INSTANT", quantity: 1 }, { idempotencyKey: k })).orderId).toBe(
      order.orderId,
    );
    expect((await c.getOrder(order.orderId)).codes[0]!.code).toBe(order.codes[0]!.code);
  });

  it("reports a terminal failure with the order id", async () => {
    const err = await errorOf(client().purchase({ itemCode: "TEST-FAIL", quantity: 1 }, { idempotencyKey: key() }));
    expect(err).toBeInstanceOf(TerminalFailureError);
    expect((err as TerminalFailureError).orderId).toEqual(expect.any(Number));
  });

  it("rejects a wrong key with UnauthorizedError", async () => {
    const c = new UpstreamClient({ baseUrl: baseUrl!, apiKey: "wrong_key_000000" });
    expect(await errorOf(c.balance())).toBeInstanceOf(UnauthorizedError);
  });

  it("times out with UpstreamTimeoutError when the answer is slower than the timeout", async () => {
    const c = new UpstreamClient({ baseUrl: baseUrl!, apiKey, timeoutMs: 1 });
    expect(await errorOf(c.info())).toBeInstanceOf(UpstreamTimeoutError);
  });

  it("maps a refused connection to UpstreamNetworkError", async () => {
    const c = new UpstreamClient({ baseUrl: "http://127.0.0.1:9/v1", apiKey });
    expect(await errorOf(c.info())).toBeInstanceOf(UpstreamNetworkError);
  });
});
