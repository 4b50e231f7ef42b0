// While sales are paused by a 402, checkout reads the balance again at most once per
// pausedReadEveryMs for the whole shop, also when that read fails: a supplier whose balance
// endpoint is down must not be asked once per checkout (each a call of the shared budget, and
// a wait for the shopper).
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { db, Prisma } from "@/lib/db";
import { setPaymentProvider } from "@/lib/payments";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { noteInsufficientBalance } from "@/lib/wallet/estimate";
import { pausedReadEveryMs } from "@/lib/wallet/read-balance";
import { apiKey, createHarness, type Harness } from "../orders/harness";
import { buy, installSpyProvider } from "../money/money-harness";

let h: Harness;
let balanceCalls = 0;
let balanceDown = false;

beforeAll(async () => {
  h = await createHarness();
  // The sandbox behind a fetch that counts GET /balance and can make it answer 503.
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith("/balance")) {
      balanceCalls++;
      if (balanceDown) return new Response(JSON.stringify({ error: "unavailable" }), { status: 503 });
    }
    return h.sandbox.fetch(input, init);
  }) as typeof globalThis.fetch;
  setUpstream(
    new UpstreamClient({ baseUrl: "http://sandbox.test/sandbox/v1", apiKey, fetch, budget: null, timeoutMs: 5000 }),
  );
});
afterAll(async () => {
  setPaymentProvider(null);
  await h.close();
});
beforeEach(async () => {
  installSpyProvider();
  await db.upstreamWallet.deleteMany();
  balanceCalls = 0;
  balanceDown = false;
});

it("asks a failing balance endpoint once per interval while paused, not once per checkout", async () => {
  await noteInsufficientBalance(new Prisma.Decimal("5.00"), h.now());
  await h.advance(pausedReadEveryMs);
  balanceDown = true;
  for (let i = 0; i < 3; i++) expect(await buy(h, "TEST-INSTANT")).toMatchObject({ ok: false });
  expect(balanceCalls).toBe(1);

  // An interval later the next checkout asks again; the balance now covers the refused purchase.
  await h.advance(pausedReadEveryMs);
  balanceDown = false;
  h.control.setBalance("500.00");
  expect(await buy(h, "TEST-INSTANT")).toMatchObject({ ok: true });
  expect(balanceCalls).toBe(2);
});
