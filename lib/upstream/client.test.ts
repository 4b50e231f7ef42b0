import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { Budget, BudgetReport } from "./budget";
import { UpstreamClient } from "./client";
import {
  InsufficientBalanceError,
  RateLimitedError,
  UpstreamNetworkError,
  UpstreamProtocolError,
  UpstreamServerError,
  UpstreamTimeoutError,
} from "./errors";
import { encryptCode, encryptData, verifyChallengeSignature } from "./wire-crypto";

type Handler = (req: Request) => Response | Promise<Response>;

/** A fake upstream: records every request and answers with `handler`. */
function fakeUpstream(handler: Handler) {
  const requests: Request[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    requests.push(req.clone());
    return handler(req);
  }) as unknown as typeof fetch;
  return { fetch: fetchFn, requests };
}

const ok = (data: unknown, headers: Record<string, string> = {}) =>
  Response.json({ success: true, message: "ok", data }, { headers });
const fail = (status: number, message: string, data: unknown = {}, headers: Record<string, string> = {}) =>
  Response.json({ success: false, message, data }, { status, headers });

const base = "https://up.test/v1";
const key = "live_key_secret_123";
const client = (handler: Handler, extra: Partial<ConstructorParameters<typeof UpstreamClient>[0]> = {}) => {
  const up = fakeUpstream(handler);
  return { up, c: new UpstreamClient({ baseUrl: base, apiKey: key, fetch: up.fetch, ...extra }) };
};

const order = { order_id: 5, order_no: "ORD-5", status: "completed", state: "completed", amount: "10.50", codes: [] };

describe("UpstreamClient headers and URLs", () => {
  it("sends X-API-Key and Accept on GET, without Content-Type", async () => {
    const { up, c } = client(() => ok({ balance: "12.30", currency: "USD", state: "success" }));
    await c.balance();
    const req = up.requests[0]!;
    expect(req.url).toBe(`${base}/balance`);
    expect(req.method).toBe("GET");
    expect(req.headers.get("x-api-key")).toBe(key);
    expect(req.headers.get("accept")).toBe("application/json");
    expect(req.headers.get("content-type")).toBeNull();
  });

  it("sends Content-Type and Idempotency-Key on purchase with a snake_case JSON body", async () => {
    const { up, c } = client(() => ok(order));
    await c.purchase({ itemCode: "SKU-1", quantity: 2, fields: { player_id: "p1" } }, { idempotencyKey: "idem-1" });
    const req = up.requests[0]!;
    expect(req.url).toBe(`${base}/orders`);
    expect(req.headers.get("content-type")).toBe("application/json");
    expect(req.headers.get("idempotency-key")).toBe("idem-1");
    expect(await req.json()).toEqual({ item_code: "SKU-1", quantity: 2, fields: { player_id: "p1" } });
  });

  it("maps the catalog query to snake_case parameters and encodes the category segment", async () => {
    const page = {
      products: [],
      pagination: { total: 0, per_page: 10, current_page: 1, last_page: 1, next_page_url: null, prev_page_url: null },
    };
    const { up, c } = client(() => ok(page));
    await c.catalog(
      { perPage: 10, includeTest: true, updatedSince: "2026-01-01T00:00:00Z", valueMin: 5 },
      { category: "Gift Cards/EU" },
    );
    const url = new URL(up.requests[0]!.url);
    expect(url.pathname).toBe("/v1/catalog/Gift%20Cards%2FEU");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      per_page: "10",
      include_test: "true",
      updated_since: "2026-01-01T00:00:00Z",
      value_min: "5",
    });
  });

  it("sends item_id and quantity to the stock check", async () => {
    const check = {
      min_quantity: 1,
      max_quantity: 10,
      available_quantity: null,
      quantity_contract_version: 1,
      price: 9.5,
      state: "in_stock",
      status: true,
      message: "ok",
      requested: 3,
    };
    const { up, c } = client(() => ok(check));
    const res = await c.check({ itemCode: "SKU-1", quantity: 3 });
    expect(await up.requests[0]!.json()).toEqual({ item_id: "SKU-1", quantity: 3 });
    expect(res).toEqual({
      minQuantity: 1,
      maxQuantity: 10,
      availableQuantity: null,
      quantityContractVersion: 1,
      price: "9.5",
      state: "in_stock",
      available: true,
      message: "ok",
      requested: 3,
    });
  });

  it("uses the contract's page parameter for the order list", async () => {
    const { up, c } = client(() =>
      ok({
        orders: [{ order_id: 1, order_no: "A", status: "completed", amount: 10 }],
        pagination: { total: 1, per_page: 20, current_page: 2, last_page: 2 },
        state: "success",
      }),
    );
    const res = await c.listOrders({ page: 2, status: "completed" });
    expect(new URL(up.requests[0]!.url).search).toBe("?page=2&status=completed");
    expect(res.orders[0]).toEqual({ orderId: 1, orderNo: "A", status: "completed", amount: "10" });
  });
});

describe("UpstreamClient envelope and errors", () => {
  it("throws a typed error when success is false even with HTTP 200", async () => {
    const { c } = client(() => Response.json({ success: false, message: "nope", data: {} }));
    await expect(c.balance()).rejects.toMatchObject({ name: "UpstreamError", status: 200 });
  });

  // docs/upstream-contract.md#7-errors
  it("maps an error envelope to its error class", async () => {
    const { c } = client(() => fail(402, "Insufficient balance"));
    await expect(c.purchase({ itemCode: "X", quantity: 1 }, { idempotencyKey: "k" })).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
  });

  it("takes retryAfter from the Retry-After header when the body has none", async () => {
    const { c } = client(() => fail(429, "Too many requests", {}, { "Retry-After": "12" }));
    const err = await c.balance().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfter).toBe(12);
  });

  it("treats a non-JSON 502 page as a server error", async () => {
    const { c } = client(() => new Response("<html>bad gateway</html>", { status: 502 }));
    await expect(c.balance()).rejects.toBeInstanceOf(UpstreamServerError);
  });

  it("treats a non-JSON 200 as a protocol error", async () => {
    const { c } = client(() => new Response("hello", { status: 200 }));
    await expect(c.balance()).rejects.toBeInstanceOf(UpstreamProtocolError);
  });

  it("reports a schema mismatch without echoing values", async () => {
    const { c } = client(() =>
      ok({ ...order, status: "weird", codes: [{ code: "SECRET-CODE", item_code: "X", denomination: "5" }] }),
    );
    const err = (await c.getOrder(5).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(UpstreamProtocolError);
    expect(err.message).toContain("status");
    expect(err.message).not.toContain("SECRET-CODE");
  });

  it("never puts the API key or the request body in an error message", async () => {
    const { c } = client(() => fail(422, "Invalid fields", { state: "invalid_fields" }));
    const err = (await c
      .validateFields({ itemCode: "T", fields: { player_id: "very-private" } })
      .catch((e: unknown) => e)) as Error;
    expect(err.message).not.toContain(key);
    expect(err.message).not.toContain("very-private");
  });
});

describe("UpstreamClient outcome-unknown failures", () => {
  it("times out with UpstreamTimeoutError when the upstream never answers", async () => {
    const { c } = client(() => new Promise<Response>(() => {}), { purchaseTimeoutMs: 20 });
    const err = await c.purchase({ itemCode: "X", quantity: 1 }, { idempotencyKey: "k" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamTimeoutError);
    expect((err as UpstreamTimeoutError).outcomeUnknown).toBe(true);
  });

  it("uses the purchase timeout for purchases and the short one elsewhere", async () => {
    const { c } = client(() => new Promise<Response>(() => {}), { timeoutMs: 10, purchaseTimeoutMs: 60_000 });
    await expect(c.balance()).rejects.toBeInstanceOf(UpstreamTimeoutError);
  });

  it("maps a failed connection to UpstreamNetworkError", async () => {
    const { c } = client(() => Promise.reject(new TypeError("fetch failed")));
    const err = await c.purchase({ itemCode: "X", quantity: 1 }, { idempotencyKey: "k" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamNetworkError);
    expect((err as UpstreamNetworkError).outcomeUnknown).toBe(true);
  });

  it("maps an unreadable body to UpstreamNetworkError", async () => {
    const body = new ReadableStream({ start: (ctl) => ctl.error(new Error("socket hang up")) });
    const { c } = client(() => new Response(body, { status: 200 }));
    await expect(c.getOrder(1)).rejects.toBeInstanceOf(UpstreamNetworkError);
  });
});

describe("UpstreamClient budget", () => {
  it("acquires with the method's priority before each call and reports the rate-limit headers after", async () => {
    const log: string[] = [];
    const reports: BudgetReport[] = [];
    const budget: Budget = {
      acquire: async (p) => void log.push(`acquire:${p}`),
      report: async (r) => void reports.push(r),
    };
    const { c } = client(() => ok(order, { "X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "42" }), { budget });
    await c.getOrder(5);
    await c.check({ itemCode: "X", quantity: 1 }).catch(() => {});
    await c.catalog().catch(() => {});
    await c.catalog({}, { priority: "purchase" }).catch(() => {});
    expect(log).toEqual(["acquire:purchase", "acquire:check", "acquire:catalog", "acquire:purchase"]);
    expect(reports[0]).toEqual({
      status: 200,
      limit: 100,
      remaining: 42,
      retryAfterSeconds: undefined,
      acquiredAt: undefined,
    });
  });

  it("reports retry_after of a 429 to the budget", async () => {
    const reports: BudgetReport[] = [];
    const budget: Budget = { acquire: async () => {}, report: async (r) => void reports.push(r) };
    const { c } = client(
      () => fail(429, "Too many requests", { retry_after: 7 }, { "Retry-After": "9", "X-RateLimit-Remaining": "0" }),
      { budget },
    );
    await expect(c.balance()).rejects.toBeInstanceOf(RateLimitedError);
    expect(reports).toEqual([
      { status: 429, limit: undefined, remaining: 0, retryAfterSeconds: 7, acquiredAt: undefined },
    ]);
  });

  it("does not send when the budget rejects (caller aborted)", async () => {
    const ctl = new AbortController();
    const budget: Budget = {
      acquire: (_p, signal) =>
        new Promise((_r, reject) => signal?.addEventListener("abort", () => reject(signal.reason))),
      report: async () => {},
    };
    const { up, c } = client(() => ok(order), { budget });
    const pending = c.getOrder(5, { signal: ctl.signal });
    ctl.abort(new Error("stop"));
    await expect(pending).rejects.toThrow("stop");
    expect(up.requests).toHaveLength(0);
  });

  it("leaves no rejection unhandled when the caller's deadline passes as the budget grants the token", async () => {
    const deadline = new AbortController();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      // The token comes just as the shopper's wait runs out (a slow budget write under load).
      const timedOut = new DOMException("The operation was aborted due to timeout", "TimeoutError");
      const budget: Budget = { acquire: async () => deadline.abort(timedOut), report: async () => {} };
      // Like the platform's fetch: a signal already aborted rejects at once with its reason.
      const abortingFetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
        init?.signal?.throwIfAborted();
        return ok({ item_id: "X", available: true, available_quantity: 3, price: "1.00" });
      }) as typeof fetch;
      const c = new UpstreamClient({ baseUrl: base, apiKey: key, fetch: abortingFetch, budget });
      await expect(c.check({ itemCode: "X", quantity: 1 }, { signal: deadline.signal })).rejects.toBeInstanceOf(
        UpstreamNetworkError,
      );
      // Node reports an unhandled rejection once the microtasks have run, before the next macrotask.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});

describe("UpstreamClient signing and encryption", () => {
  const pair = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privatePem = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const publicPem = pair.publicKey.export({ type: "spki", format: "pem" }).toString();

  it("fetches a fresh challenge per signed call and signs it", async () => {
    let n = 0;
    const { up, c } = client(
      (req) =>
        new URL(req.url).pathname.endsWith("/challenge")
          ? ok({ challenge: `ch-${++n}`, expires_in: 300 })
          : ok({ balance: "1.00", currency: "USD" }),
      { signingPrivateKey: privatePem },
    );
    await c.balance();
    await c.balance();
    const paths = up.requests.map((r) => new URL(r.url).pathname);
    expect(paths).toEqual(["/v1/challenge", "/v1/balance", "/v1/challenge", "/v1/balance"]);
    expect(up.requests[0]!.headers.get("x-api-signature")).toBeNull();
    const signed = up.requests[3]!;
    expect(signed.headers.get("x-api-challenge")).toBe("ch-2");
    expect(verifyChallengeSignature("ch-2", signed.headers.get("x-api-signature")!, publicPem)).toBe(true);
  });

  it("decrypts wrapped response data and encrypted codes", async () => {
    const data = {
      ...order,
      codes: [{ code: encryptCode("ABCD-1234", publicPem), item_code: "X", denomination: "10" }],
    };
    const { c } = client(() => ok(encryptData(data, publicPem)), { decryptionPrivateKey: privatePem });
    const res = await c.getOrder(5);
    expect(res.codes[0]!.code).toBe("ABCD-1234");
  });

  it("rejects wrapped data without a decryption key as a protocol error", async () => {
    const { c } = client(() => ok(encryptData(order, publicPem)));
    await expect(c.getOrder(5)).rejects.toBeInstanceOf(UpstreamProtocolError);
  });

  it("rejects encrypted codes without a decryption key as a protocol error", async () => {
    const data = {
      ...order,
      codes: [{ code: encryptCode("ABCD-1234", publicPem), item_code: "X", denomination: "10" }],
    };
    const { c } = client(() => ok(data));
    await expect(c.getOrder(5)).rejects.toBeInstanceOf(UpstreamProtocolError);
  });
});
