// The per-client limits at the checkout entry points: orders placed (every attempt counts, as
// a card tester's would) and top-up account checks; one client's use never refuses another.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { verifyAccountAction } from "@/lib/orders/checkout/checkout-actions";
import { POST as checkoutApi } from "@/app/api/checkout/route";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { setRequestClientForTests } from "@/lib/http/request-client";
import { clientLimits } from "@/lib/rate-limit/client-limits";
import { setRateLimitClockForTests } from "@/lib/rate-limit";
import { fromClient } from "../../helpers/client-headers";
import { createHarness, type Harness } from "../orders/harness";

// The limits count on a fixed clock: every hit of this file falls at the same instant, however
// slowly the machine runs and wherever the wall clock stands.
beforeAll(() => setRateLimitClockForTests(() => new Date("2026-11-25T12:00:30Z")));
afterAll(() => setRateLimitClockForTests(undefined));

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  setSessionOverrideForTests(null); // guests
});
afterAll(async () => {
  setSessionOverrideForTests(undefined);
  await h.close();
});
afterEach(() => setRequestClientForTests(undefined));

const order = (client: string) =>
  checkoutApi(
    new Request("http://shop.test/api/checkout", {
      method: "POST",
      headers: { "content-type": "application/json", ...fromClient(client) },
      body: JSON.stringify({ email: "not-an-email", items: [], expectedTotal: "1.00" }),
    }),
  );

describe("per-client limits at checkout", () => {
  it("refuses the 11th order attempt from one client in ten minutes with 429 and Retry-After, and not another client's", async () => {
    for (let i = 0; i < clientLimits.checkout.limit; i++) expect((await order("203.0.113.30")).status).toBe(422);
    const refused = await order("203.0.113.30");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(/Too many requests/);
    expect((await order("203.0.113.31")).status).toBe(422);
  });

  it("refuses the 21st top-up account check from one client", async () => {
    setRequestClientForTests("203.0.113.40");
    const check = () => verifyAccountAction({ itemCode: "TEST-TOPUP", fields: { player_id: "123456" } });
    for (let i = 0; i < clientLimits.topupValidation.limit; i++)
      expect(await check()).toMatchObject({ ok: true, displayName: "Player 3456" });
    expect(await check()).toMatchObject({ ok: false, message: expect.stringMatching(/Too many requests/) });
    setRequestClientForTests("203.0.113.41");
    expect((await check()).ok).toBe(true);
  });
});
