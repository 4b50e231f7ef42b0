// Contract suite, part 4: rate limits and the budget, request signing, response and code
// encryption, timeouts and dropped responses (spec parts 5 and 8).
import crypto from "node:crypto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  DbBudget,
  InMemoryBudget,
  isOutcomeUnknown,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  UpstreamNetworkError,
  UpstreamProtocolError,
  UpstreamTimeoutError,
  type UpstreamClient,
} from "@/lib/upstream";
import { createHarness, errorOf, sandboxKey } from "./sandbox-client";

const t0 = Date.parse("2026-11-01T10:00:00.000Z");
const h = createHarness({ now: () => t0, rateLimit: 10 });
const ctl = h.sandbox.control;
afterAll(() => h.sandbox.close());
beforeEach(() => ctl.reset());

const keys = () => {
  const pair = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privatePem: pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicPem: pair.publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
};
const mine = keys();
const stranger = keys();

/** The budget's clock is the sandbox's virtual clock; waiting advances it. */
const sandboxClock = { now: () => ctl.now(), sleep: async (ms: number) => ctl.advanceTime(ms) };

async function spend(c: UpstreamClient, n: number): Promise<void> {
  const calls = ["catalog", "check", "purchase"] as const;
  for (let i = 0; i < n; i++) {
    const kind = calls[i % 3]!;
    if (kind === "catalog") await c.catalog({ perPage: 1 });
    else if (kind === "check") await c.check({ itemCode: "TEST-INSTANT", quantity: 1 });
    else await c.getOrder(1).catch((e: unknown) => expect(e).toBeInstanceOf(NotFoundError));
  }
}

describe("rate limiting (spec part 8)", () => {
  it("answers the call over the window's limit with RateLimitedError and retryAfter seconds", async () => {
    const c = h.client();
    for (let i = 0; i < 10; i++) await c.balance();
    const err = await errorOf(c.balance());
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfter).toBeGreaterThan(0);
    expect((err as RateLimitedError).retryAfter).toBeLessThanOrEqual(60);
  });

  it("never gets a 429 when an in-memory budget's limit is at most the sandbox's", async () => {
    const c = h.client({ budget: new InMemoryBudget({ limit: 10, ...sandboxClock }) });
    await spend(c, 35);
    expect(ctl.stats().rateLimited).toBe(0);
  });

  it("never gets a 429 with the database budget, and waits into the next window instead", async () => {
    await db.upstreamBudget.deleteMany();
    const c = h.client({ budget: new DbBudget({ db, apiKey: sandboxKey, limit: 10, ...sandboxClock }) });
    const start = ctl.now();
    await spend(c, 25);
    expect(ctl.stats().rateLimited).toBe(0);
    expect(ctl.now() - start).toBeGreaterThanOrEqual(120_000);
  });

  it("after a 429 the budget blocks every caller until retry_after has passed", async () => {
    const waits: number[] = [];
    const budget = new InMemoryBudget({
      limit: 10,
      now: sandboxClock.now,
      sleep: async (ms) => (waits.push(ms), ctl.advanceTime(ms)),
    });
    const c = h.client({ budget });
    ctl.setFaults({ rateLimitNext: 1 });
    const err = (await errorOf(c.balance())) as RateLimitedError;
    expect(err).toBeInstanceOf(RateLimitedError);
    await c.balance();
    expect(waits).toEqual([err.retryAfter! * 1000]);
  });

  it("trusts X-RateLimit-Remaining when another client of the same key spent budget", async () => {
    const other = h.client();
    for (let i = 0; i < 8; i++) await other.balance();
    const budget = new InMemoryBudget({ limit: 10, ...sandboxClock });
    const c = h.client({ budget });
    await c.balance();
    expect(budget.used).toBe(9);
    const before = ctl.now();
    await c.getOrder(1).catch(() => undefined);
    expect(ctl.now()).toBe(before);
    await c.balance();
    expect(ctl.now()).toBeGreaterThan(before);
    expect(ctl.stats().rateLimited).toBe(0);
  });
});

describe("request signing (spec 5.4)", () => {
  it("signing off: unsigned calls work and /challenge is not available", async () => {
    expect((await h.client().balance()).currency).toBe("USD");
    expect(await errorOf(h.client().challenge())).toBeInstanceOf(NotFoundError);
  });

  it("signing on: an unsigned call gets 401 and spends no budget", async () => {
    ctl.setOptions({ requestSigning: true, publicKeyPem: mine.publicPem });
    expect(await errorOf(h.client().balance())).toBeInstanceOf(UnauthorizedError);
  });

  it("signing on: each call fetches a fresh challenge and signs it", async () => {
    ctl.setOptions({ requestSigning: true, publicKeyPem: mine.publicPem });
    const c = h.client({ signingPrivateKey: mine.privatePem });
    await c.balance();
    const order = await c.purchase({ itemCode: "TEST-INSTANT", quantity: 1 }, { idempotencyKey: "sig-1" });
    expect((await c.getOrder(order.orderId)).status).toBe("completed");
    expect(ctl.stats().byRoute["GET /challenge"]).toBe(3);
  });

  it("signing on: a signature by the wrong key gets 401", async () => {
    ctl.setOptions({ requestSigning: true, publicKeyPem: mine.publicPem });
    expect(await errorOf(h.client({ signingPrivateKey: stranger.privatePem }).balance())).toBeInstanceOf(
      UnauthorizedError,
    );
  });

  it("the challenge itself costs budget", async () => {
    ctl.setOptions({ requestSigning: true, publicKeyPem: mine.publicPem });
    const budget = new InMemoryBudget({ limit: 10, ...sandboxClock });
    await h.client({ signingPrivateKey: mine.privatePem, budget }).balance();
    expect(budget.used).toBe(2);
  });
});

describe("response and code encryption (spec 5.5, 5.6)", () => {
  it("decrypts wrapped data with the private key", async () => {
    ctl.setOptions({ responseEncryption: true, publicKeyPem: mine.publicPem });
    const c = h.client({ decryptionPrivateKey: mine.privatePem });
    expect((await c.balance()).balance).toBe("5000.00");
    expect((await c.catalog({ perPage: 3 })).products).toHaveLength(3);
  });

  it("rejects wrapped data without a key as UpstreamProtocolError", async () => {
    ctl.setOptions({ responseEncryption: true, publicKeyPem: mine.publicPem });
    expect(await errorOf(h.client().balance())).toBeInstanceOf(UpstreamProtocolError);
  });

  it("keeps error envelopes readable while encryption is on", async () => {
    ctl.setOptions({ responseEncryption: true, publicKeyPem: mine.publicPem });
    expect(await errorOf(h.client({ decryptionPrivateKey: mine.privatePem }).getOrder(424242))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it("decrypts encrypted codes in the purchase response and the order detail", async () => {
    ctl.setOptions({ codeEncryption: true, publicKeyPem: mine.publicPem });
    const c = h.client({ decryptionPrivateKey: mine.privatePem });
    const order = await c.purchase({ itemCode: "TEST-INSTANT", quantity: 2 }, { idempotencyKey: "enc-1" });
    expect(order.codes).toHaveLength(2);
    for (const code of order.codes) expect(code.code).not.toMatch(/^enc:/);
    expect((await c.getOrder(order.orderId)).codes.map((x) => x.code)).toEqual(order.codes.map((x) => x.code));
  });

  it("with both switches on, decrypts the data and then the codes", async () => {
    ctl.setOptions({ codeEncryption: true, responseEncryption: true, publicKeyPem: mine.publicPem });
    const order = await h
      .client({ decryptionPrivateKey: mine.privatePem })
      .purchase({ itemCode: "TEST-INSTANT", quantity: 1 }, { idempotencyKey: "enc-2" });
    expect(order.codes[0]!.code).not.toMatch(/^enc:/);
  });

  it("reports encrypted codes without a key as a protocol error that still names the order", async () => {
    ctl.setOptions({ codeEncryption: true, publicKeyPem: mine.publicPem });
    const err = await errorOf(
      h.client().purchase({ itemCode: "TEST-INSTANT", quantity: 1 }, { idempotencyKey: "enc-3" }),
    );
    expect(err).toBeInstanceOf(UpstreamProtocolError);
    expect((err as UpstreamProtocolError).orderId).toEqual(expect.any(Number));
  });

  it("encryption off: codes arrive in plain text", async () => {
    const order = await h.client().purchase({ itemCode: "TEST-INSTANT", quantity: 1 }, { idempotencyKey: "enc-4" });
    expect(order.codes[0]!.code).not.toMatch(/^enc:/);
  });
});

describe("timeouts and dropped responses: the outcome is unknown", () => {
  it("gives up after the client timeout with UpstreamTimeoutError", async () => {
    ctl.setFaults({ latencyMs: 5_000 });
    const err = await errorOf(
      h
        .client({ purchaseTimeoutMs: 50 })
        .purchase({ itemCode: "TEST-INSTANT", quantity: 1 }, { idempotencyKey: "to-1" }),
    );
    expect(err).toBeInstanceOf(UpstreamTimeoutError);
    expect(isOutcomeUnknown(err)).toBe(true);
  });

  it("maps a dropped purchase response to an outcome-unknown error; the retry with the same key finds the order", async () => {
    ctl.setFaults({ dropNextPurchases: 1 });
    const c = h.client();
    const err = await errorOf(c.purchase({ itemCode: "TEST-INSTANT", quantity: 1 }, { idempotencyKey: "drop-1" }));
    expect(err).toBeInstanceOf(UpstreamNetworkError);
    expect(isOutcomeUnknown(err)).toBe(true);
    expect(ctl.listOrders()).toHaveLength(1);
    const order = await c.purchase({ itemCode: "TEST-INSTANT", quantity: 1 }, { idempotencyKey: "drop-1" });
    expect(order.orderId).toBe(ctl.listOrders()[0]!.order_id);
    expect(ctl.getBalance()).toBe("4999.00");
  });
});
