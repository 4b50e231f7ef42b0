import { describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { Prisma } from "@prisma/client";
import { createTestProvider, testCards } from "./test-provider";

const now = new Date("2026-11-25T12:00:00Z");
const base = { orderId: "o1", amount: new Prisma.Decimal("10.45"), currency: "USD", now };
const card = (number: string) => ({ number, expiry: "12/30", cvc: "123" });

describe("TEST payment provider", () => {
  const provider = createTestProvider({ delayMs: 5000 });

  it("accepts 4242 4242 4242 4242 and never keeps more than the last four digits", async () => {
    const r = await provider.createPayment({ ...base, card: card("4242 4242 4242 4242") });
    expect(r.status).toBe("succeeded");
    expect(r.method).toBe("TEST card •••• 4242");
    expect(JSON.stringify(r)).not.toContain(testCards.succeeds);
  });

  it("declines 4000 0000 0000 0002 with plain words", async () => {
    const r = await provider.createPayment({ ...base, card: card("4000 0000 0000 0002") });
    expect(r.status).toBe("failed");
    expect(r.failureReason).toMatch(/declined/);
  });

  it("confirms 4000 0000 0000 3220 only after the delay", async () => {
    const r = await provider.createPayment({ ...base, card: card("4000000000003220") });
    expect(r.status).toBe("pending");
    expect((await provider.confirmPayment(r.providerRef, new Date(now.getTime() + 4999))).status).toBe("pending");
    expect((await provider.confirmPayment(r.providerRef, new Date(now.getTime() + 5000))).status).toBe("succeeded");
  });

  it("refunds a known payment and refuses an unknown reference", async () => {
    const r = await provider.createPayment({ ...base, card: card(testCards.succeeds) });
    const ok = await provider.refund({ providerRef: r.providerRef, amount: new Prisma.Decimal("1.10"), currency: "USD", reason: "x", idempotencyKey: "k" });
    expect(ok.status).toBe("succeeded");
    const bad = await provider.refund({ providerRef: "nope", amount: new Prisma.Decimal("1"), currency: "USD", reason: "x", idempotencyKey: "k2" });
    expect(bad.status).toBe("failed");
  });

  it("accepts only a correctly signed callback", async () => {
    const body = JSON.stringify({ providerRef: "tp_x", status: "succeeded" });
    expect(await provider.verifyCallback(body, "sha256=" + "0".repeat(64))).toBeNull();
    expect(await provider.verifyCallback(body, null)).toBeNull();
    const key = Buffer.from(crypto.hkdfSync("sha256", process.env.CODES_ENCRYPTION_KEY!, "test-payments", "callback", 32));
    const sig = crypto.createHmac("sha256", key).update(body).digest("hex");
    expect(await provider.verifyCallback(body, `sha256=${sig}`)).toEqual({ providerRef: "tp_x", status: "succeeded" });
  });
});
