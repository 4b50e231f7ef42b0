import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { getShopSettings } from "@/lib/admin/settings/shop-settings";
import { updateShopSettings } from "@/lib/admin/settings/update-settings";
import { getWebhookSecretStatus } from "@/lib/admin/settings/webhook-secrets";
import { testUpstreamConnection } from "@/lib/admin/settings/connection-test";
import { startSyncHarness } from "../catalog/sync-harness";
import { actAs, createUsers } from "./staff-session";

let users: Awaited<ReturnType<typeof createUsers>>;
const h = startSyncHarness({ catalogSize: 5 });
const form = {
  shopName: "Card Corner",
  currencyDisplay: "code",
  lowBalanceThreshold: "250.50",
  walletReserve: "40.00",
  hoursLeftBelow: "12",
  priceRiseAction: "hold",
  firstOrderReviewAbove: "150.00",
  quoteWindowSeconds: "45",
};

beforeAll(async () => {
  users = await createUsers();
});
afterAll(() => {
  setSessionOverrideForTests(undefined);
  h.close();
});

describe("shop settings", () => {
  it("falls back to the env defaults while nothing is stored", async () => {
    expect(await getShopSettings()).toEqual({
      shopName: env.SHOP_NAME,
      currency: env.SHOP_CURRENCY,
      currencyDisplay: "symbol",
      lowBalanceThreshold: "100.00",
      walletReserve: "0.00",
      hoursLeftBelow: "24",
      priceRiseAction: "refund",
      firstOrderReviewAbove: "200.00",
      quoteWindowSeconds: "60",
    });
  });

  it("refuses a staff member's write: settings are owner-only", async () => {
    actAs(users, "staff");
    expect(await updateShopSettings(form)).toMatchObject({ ok: false, message: expect.stringMatching(/not allowed/i) });
    expect(await db.setting.count({ where: { key: { startsWith: "shop." } } })).toBe(0);
  });

  it("saves an owner's settings, which override the env defaults, and audits before/after", async () => {
    actAs(users, "owner");
    expect(await updateShopSettings(form)).toMatchObject({ ok: true });

    expect(await getShopSettings()).toMatchObject(form);
    expect((await db.setting.findUniqueOrThrow({ where: { key: "admin.lowBalanceThreshold" } })).value).toBe("250.50");
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "settings.update" } });
    expect(audit.actorId).toBe(users.owner);
    expect(JSON.parse(audit.before!)).toMatchObject({ shopName: env.SHOP_NAME, lowBalanceThreshold: "100.00" });
    expect(JSON.parse(audit.after!)).toMatchObject(form);
  });

  it("rejects an invalid threshold with a field error", async () => {
    actAs(users, "owner");
    const result = await updateShopSettings({ ...form, lowBalanceThreshold: "lots" });
    expect(result).toMatchObject({ ok: false, fieldErrors: { lowBalanceThreshold: expect.any(Array) } });
    expect((await getShopSettings()).lowBalanceThreshold).toBe("250.50");
  });

  it("refuses a quote window outside 0–300 seconds with a field error", async () => {
    actAs(users, "owner");
    for (const quoteWindowSeconds of ["301", "-1", "1.5", "soon"]) {
      const result = await updateShopSettings({ ...form, quoteWindowSeconds });
      expect(result).toMatchObject({ ok: false, fieldErrors: { quoteWindowSeconds: expect.any(Array) } });
    }
    expect((await getShopSettings()).quoteWindowSeconds).toBe("45");
  });

  it("reports which webhook secrets are configured without revealing them", () => {
    const status = getWebhookSecretStatus();
    expect(status).toEqual({
      currentConfigured: true,
      previousConfigured: false,
      previousUntil: null,
      previousActive: false,
    });
    expect(JSON.stringify(status)).not.toContain("whsec_");
  });

  it("tests the upstream connection with GET / and reports the api_version, audited", async () => {
    actAs(users, "staff");
    const result = await testUpstreamConnection({});
    expect(result).toMatchObject({ ok: true, data: { apiVersion: expect.any(String) } });
    expect(await db.auditLog.count({ where: { action: "upstream.connection_test", actorId: users.staff } })).toBe(1);
  });

  it("reports an unreachable upstream as a failed test, not a crash", async () => {
    actAs(users, "owner");
    h.sandbox.control.setFaults({ failNextRequests: 1 });
    const result = await testUpstreamConnection({});
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ message: expect.stringMatching(/could not reach/i) });
    expect(JSON.stringify(result)).not.toContain("sandbox_test_key");
  });
});
