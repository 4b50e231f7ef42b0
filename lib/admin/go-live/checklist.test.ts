import { describe, expect, it } from "vitest";
import { buildGoLiveChecklist, type GoLiveInputs } from "./checklist";

const now = new Date("2026-11-26T12:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
const ready: GoLiveInputs = {
  now,
  demoMode: false,
  sandboxEnabled: false,
  stripeKey: "live",
  stripeWebhookSecretSet: true,
  appUrl: "https://shop.example",
  upstreamIsSandbox: false,
  upstreamCheck: { ok: true, at: hoursAgo(1), message: "balance 5000.00 USD" },
  webhookSecretSet: true,
  lastSignedWebhookAt: new Date(hoursAgo(30)),
  smtpConfigured: true,
  smtpCheck: { ok: true, at: hoursAgo(2), message: "connected" },
  backupsConfirmed: { at: hoursAgo(48), by: "owner@shop.example" },
  staffTwoFactorMode: "required",
};
const item = (i: GoLiveInputs, id: string) => buildGoLiveChecklist(i).find((x) => x.id === id)!;

describe("go-live checklist", () => {
  it("is all green for a shop that is ready", () => {
    const items = buildGoLiveChecklist(ready);
    expect(items.map((x) => x.id)).toEqual([
      "live-mode",
      "payments",
      "upstream",
      "webhooks",
      "smtp",
      "https",
      "backups",
      "staff-2fa",
    ]);
    expect(items.filter((x) => !x.ok)).toEqual([]);
  });

  it("the demo defaults are red everywhere it matters, each with its fix", () => {
    const demo: GoLiveInputs = {
      ...ready,
      demoMode: true,
      sandboxEnabled: true,
      stripeKey: "none",
      stripeWebhookSecretSet: false,
      appUrl: "http://localhost:3000",
      upstreamIsSandbox: true,
      upstreamCheck: null,
      webhookSecretSet: true,
      lastSignedWebhookAt: null,
      smtpConfigured: false,
      smtpCheck: null,
      backupsConfirmed: null,
      staffTwoFactorMode: "optional",
    };
    const items = buildGoLiveChecklist(demo);
    expect(items.every((x) => !x.ok)).toBe(true);
    expect(item(demo, "live-mode").detail).toBe("DEMO_MODE is on. SANDBOX_ENABLED is on.");
    expect(item(demo, "payments").detail).toMatch(/TEST card provider/);
    expect(item(demo, "upstream").fix).toMatch(/UPSTREAM_BASE_URL/);
    expect(item(demo, "smtp").action).toBeUndefined();
    for (const x of items) expect(x.fix.length).toBeGreaterThan(20);
  });

  it("a Stripe test key or a missing webhook secret is not a real payment provider", () => {
    expect(item({ ...ready, stripeKey: "test" }, "payments").ok).toBe(false);
    expect(item({ ...ready, stripeWebhookSecretSet: false }, "payments").ok).toBe(false);
  });

  it("trusts a button-triggered check for a day, and a failed one never", () => {
    expect(item({ ...ready, upstreamCheck: { ok: true, at: hoursAgo(25), message: "ok" } }, "upstream").ok).toBe(false);
    expect(
      item({ ...ready, upstreamCheck: { ok: false, at: hoursAgo(0), message: "UpstreamAuthError" } }, "upstream"),
    ).toMatchObject({ ok: false, detail: expect.stringContaining("UpstreamAuthError") });
    expect(item({ ...ready, smtpCheck: { ok: true, at: hoursAgo(30), message: "ok" } }, "smtp").ok).toBe(false);
  });

  it("wants a signed webhook within a week and the secret set", () => {
    expect(item({ ...ready, lastSignedWebhookAt: new Date(hoursAgo(8 * 24)) }, "webhooks").ok).toBe(false);
    expect(item({ ...ready, webhookSecretSet: false }, "webhooks")).toMatchObject({
      ok: false,
      detail: "UPSTREAM_WEBHOOK_SECRET is not set.",
    });
  });

  it("needs https and confirmed backups", () => {
    expect(item({ ...ready, appUrl: "http://shop.example" }, "https").ok).toBe(false);
    expect(item({ ...ready, backupsConfirmed: null }, "backups")).toMatchObject({
      ok: false,
      action: "confirm_backups",
    });
  });
});
