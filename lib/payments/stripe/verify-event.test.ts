import { describe, expect, it } from "vitest";
import crypto from "node:crypto";
import Stripe from "stripe";
import { verifyStripeEvent } from "./verify-event";

const secret = "whsec_unit_test_secret";
const payload = JSON.stringify({
  id: "evt_1",
  object: "event",
  type: "checkout.session.completed",
  data: { object: { id: "cs_1" } },
});
const t = 1_764_072_000; // 2025-11-25T12:00:00Z
const body = new TextEncoder().encode(payload);

describe("Stripe webhook verification", () => {
  it("accepts Stripe's documented scheme: v1 = HMAC-SHA256(secret, `${t}.${body}`)", () => {
    const v1 = crypto.createHmac("sha256", secret).update(`${t}.${payload}`).digest("hex");
    const r = verifyStripeEvent(body, `t=${t},v1=${v1}`, secret, t * 1000);
    expect(r.ok && r.event.id).toBe("evt_1");
    // The library's own helper produces the same header.
    expect(Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: t })).toBe(`t=${t},v1=${v1}`);
  });

  it("tells a stale timestamp from a bad signature", () => {
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: t });
    expect(verifyStripeEvent(body, header, secret, (t + 300) * 1000).ok).toBe(true);
    expect(verifyStripeEvent(body, header, secret, (t + 301) * 1000)).toEqual({ ok: false, reason: "stale_timestamp" });
    expect(verifyStripeEvent(body, header, "whsec_other", t * 1000)).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("refuses when no secret is configured or no signature is sent", () => {
    expect(verifyStripeEvent(body, "t=1,v1=00", undefined)).toEqual({ ok: false, reason: "not_configured" });
    expect(verifyStripeEvent(body, null, secret)).toEqual({ ok: false, reason: "missing_signature" });
  });

  it("refuses a correctly signed body that is not JSON", () => {
    const junk = "not json";
    const header = Stripe.webhooks.generateTestHeaderString({ payload: junk, secret, timestamp: t });
    expect(verifyStripeEvent(new TextEncoder().encode(junk), header, secret, t * 1000)).toEqual({
      ok: false,
      reason: "malformed_body",
    });
  });
});
