import { describe, expect, it } from "vitest";
import {
  computeSignature,
  matchSignature,
  verifyWebhook,
  type RejectReason,
  type SigningSecret,
  type VerifyInput,
} from "@/lib/webhooks/verify";

const secrets: SigningSecret[] = [{ label: "current", secret: "whsec_unit" }];
const nowMs = 1_800_000_000_000;
const nowS = nowMs / 1000;

function delivery(overrides: { body?: string; headers?: Record<string, string | null>; secret?: string } = {}) {
  const body =
    overrides.body ??
    JSON.stringify({
      event: "order.completed",
      id: "wh_1",
      created_at: "2027-01-15T08:00:00Z",
      data: { order_id: 42, order_no: "ORD-42", status: "completed", amount: 10.5 },
    });
  const rawBody = new TextEncoder().encode(body);
  const base: Record<string, string | null> = {
    "content-type": "application/json",
    "x-webhook-signature": `sha256=${computeSignature(rawBody, overrides.secret ?? "whsec_unit")}`,
    "x-webhook-event": "order.completed",
    "x-webhook-id": "wh_1",
    "x-webhook-timestamp": String(nowS),
    ...overrides.headers,
  };
  const headers = new Headers();
  for (const [k, v] of Object.entries(base)) if (v !== null) headers.set(k, v);
  return { rawBody, headers, secrets, nowMs };
}

describe("webhook signature", () => {
  it("matches the HMAC-SHA256 known-answer vector", () => {
    const bytes = new TextEncoder().encode("Hello, World!");
    expect(computeSignature(bytes, "It's a Secret to Everybody")).toBe(
      "757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
    );
  });

  it("reports which secret matched and accepts upper-case hex", () => {
    const bytes = new TextEncoder().encode("x");
    const sig = computeSignature(bytes, "old").toUpperCase();
    const both: SigningSecret[] = [
      { label: "current", secret: "new" },
      { label: "previous", secret: "old" },
    ];
    expect(matchSignature(bytes, `sha256=${sig}`, both)).toBe("previous");
  });

  it("refuses a signature without the sha256= prefix or of the wrong length", () => {
    const bytes = new TextEncoder().encode("x");
    const sig = computeSignature(bytes, "whsec_unit");
    expect(matchSignature(bytes, sig, secrets)).toBeNull();
    expect(matchSignature(bytes, `sha256=${sig.slice(2)}`, secrets)).toBeNull();
  });
});

describe("verifyWebhook", () => {
  it("accepts a well-signed, fresh, consistent delivery", () => {
    const result = verifyWebhook(delivery());
    expect(result).toMatchObject({ ok: true, secretUsed: "current", body: { id: "wh_1", data: { order_id: 42 } } });
  });

  const cases: [RejectReason, VerifyInput][] = [
    ["no_secret", { ...delivery(), secrets: [] }],
    ["missing_headers", delivery({ headers: { "x-webhook-id": null } })],
    ["missing_headers", delivery({ headers: { "x-webhook-signature": null } })],
    ["bad_timestamp", delivery({ headers: { "x-webhook-timestamp": "yesterday" } })],
    ["stale_timestamp", delivery({ headers: { "x-webhook-timestamp": String(nowS - 301) } })],
    ["future_timestamp", delivery({ headers: { "x-webhook-timestamp": String(nowS + 301) } })],
    ["bad_signature", delivery({ secret: "someone_else" })],
    ["bad_signature", delivery({ headers: { "x-webhook-signature": "sha256=zz" } })],
    ["malformed_body", delivery({ body: "{not json" })],
    ["malformed_body", delivery({ body: JSON.stringify({ event: "order.completed", id: "wh_1" }) })],
    ["id_mismatch", delivery({ headers: { "x-webhook-id": "wh_2" } })],
    ["event_mismatch", delivery({ headers: { "x-webhook-event": "order.failed" } })],
  ];
  it.each(cases)("rejects with %s", (reason, input) => {
    expect(verifyWebhook(input)).toEqual({ ok: false, reason });
  });

  it("accepts timestamps exactly at the 300 s edge on both sides", () => {
    expect(verifyWebhook(delivery({ headers: { "x-webhook-timestamp": String(nowS - 300) } })).ok).toBe(true);
    expect(verifyWebhook(delivery({ headers: { "x-webhook-timestamp": String(nowS + 300) } })).ok).toBe(true);
  });
});
