// Markets as data: setup's demo markets (idempotent), owners' edits audited with what changed,
// non-owners refused, and the default market that always exists and is never disabled.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { saveMarket, setMarketEnabled } from "@/lib/admin/markets/market-actions";
import { marketSnapshot } from "@/lib/admin/markets/market-snapshot";
import { getDefaultMarket, getMarketBySlug, getMarketForCountry, listMarkets } from "@/lib/markets/lookup";
import { seedDefaults } from "@/lib/seed";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";

let users: TestUsers;

beforeAll(async () => {
  users = await createRoleUsers("markets");
  await seedDefaults();
});
afterEach(() => setSessionOverrideForTests(undefined));

/** The form of a stored market, as the admin editor sends it. */
async function formOf(slug: string) {
  const row = await db.market.findUniqueOrThrow({ where: { slug } });
  const s = marketSnapshot(row);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    countries: s.countries as string[],
    currency: row.currency,
    defaultLanguage: row.defaultLanguage,
    otherLanguages: s.otherLanguages as string[],
    rateSource: row.rateSource,
    manualRate: row.manualRate.toString(),
    rateMaxAgeHours: row.rateMaxAgeHours,
    fxBufferPercent: row.fxBufferPercent.toString(),
    priceAdjustmentPercent: row.priceAdjustmentPercent?.toString() ?? "",
    roundingKind: row.roundingKind,
    roundingValue: row.roundingValue?.toString() ?? "",
    productRegions: (s.productRegions as string[] | null) ?? [],
    enabled: row.enabled,
    isDefault: row.isDefault,
    position: row.position,
  };
}

describe("demo markets", () => {
  it("creates five markets once, the United States the only default, selling in USD", async () => {
    await seedDefaults();
    const markets = await listMarkets();
    expect(markets.map((m) => [m.slug, m.currency, m.languages.join("+")])).toEqual([
      ["us", "USD", "en"],
      ["id", "IDR", "id+en"],
      ["br", "BRL", "pt-BR"],
      ["es", "EUR", "es+en"],
      ["sa", "SAR", "ar+en"],
    ]);
    expect(markets.filter((m) => m.isDefault).map((m) => m.slug)).toEqual(["us"]);
    expect((await getDefaultMarket()).manualRate.toString()).toBe("1");
    const id = await getMarketBySlug("ID");
    expect(id && id.rounding.kind === "up-to-step" && id.rounding.value.toString()).toBe("500");
    expect((await getMarketForCountry("br"))?.slug).toBe("br");
    expect(await getMarketForCountry("FR")).toBeNull();
  });
});

describe("markets admin", () => {
  it("lets an owner edit a market, and the audit row says what changed, before and after", async () => {
    actAs(users.owner);
    const form = await formOf("id");
    const before = await db.market.findUniqueOrThrow({ where: { slug: "id" } });
    const r = await saveMarket(
      { ...form, manualRate: "16250.5", fxBufferPercent: "3", roundingValue: "1000" },
      new Date("2026-11-26T12:00:00Z"),
    );
    expect(r).toEqual({ ok: true, message: "Indonesia: changed manualRate, fxBufferPercent, roundingValue." });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "market.update", targetId: before.id } });
    expect(audit.actorId).toBe(users.owner.id);
    expect(JSON.parse(audit.before!)).toMatchObject({
      manualRate: "16500",
      fxBufferPercent: "2",
      roundingValue: "500",
    });
    expect(JSON.parse(audit.after!)).toMatchObject({
      manualRate: "16250.5",
      manualRateSetAt: "2026-11-26T12:00:00.000Z",
      fxBufferPercent: "3",
      roundingValue: "1000",
      changed: ["manualRate", "fxBufferPercent", "roundingValue"],
    });
    expect((await getMarketBySlug("id"))?.manualRate.toString()).toBe("16250.5");
  });

  it("refuses a non-owner: staff and support change nothing", async () => {
    const form = await formOf("br");
    for (const who of [users.staff, users.support, users.shopper]) {
      actAs(who);
      expect(await saveMarket({ ...form, name: "Brasil" })).toMatchObject({ ok: false });
      expect(await setMarketEnabled({ id: form.id, enabled: false })).toMatchObject({ ok: false });
    }
    expect(await db.market.findUniqueOrThrow({ where: { slug: "br" } })).toMatchObject({
      name: "Brazil",
      enabled: true,
    });
    expect(await db.auditLog.count({ where: { targetType: "market", targetId: form.id } })).toBe(0);
  });

  it("answers bad input with field errors", async () => {
    actAs(users.owner);
    const form = await formOf("es");
    const r = await saveMarket({
      ...form,
      countries: "ES, Spain",
      currency: "euro",
      otherLanguages: ["es"],
      roundingKind: "ending",
      roundingValue: "1.5",
      manualRate: "-1",
    });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(Object.keys(r.fieldErrors ?? {})).toEqual(
        expect.arrayContaining(["countries", "currency", "otherLanguages", "manualRate"]),
      );
    const ending = await saveMarket({ ...form, roundingValue: "1.5" });
    expect(ending).toMatchObject({ ok: false, fieldErrors: { roundingValue: [expect.stringMatching(/under 1/)] } });
  });

  it("creates a market, audited, and disables and enables it", async () => {
    actAs(users.owner);
    const r = await saveMarket({
      ...(await formOf("es")),
      id: undefined,
      slug: "mx",
      name: "Mexico",
      countries: "mx",
      currency: "MXN",
      manualRate: "18.2",
      position: 50,
    });
    expect(r).toMatchObject({ ok: true, message: "Mexico: created." });
    const mx = await db.market.findUniqueOrThrow({ where: { slug: "mx" } });
    expect(JSON.parse(mx.countries)).toEqual(["MX"]);
    expect(await db.auditLog.count({ where: { action: "market.create", targetId: mx.id } })).toBe(1);
    expect(await setMarketEnabled({ id: mx.id, enabled: false })).toMatchObject({ ok: true });
    expect(await getMarketForCountry("MX")).toBeNull();
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "market.disable", targetId: mx.id } });
    expect(JSON.parse(audit.before!)).toMatchObject({ enabled: true });
    expect(JSON.parse(audit.after!)).toMatchObject({ enabled: false, changed: ["enabled"] });
    expect(await saveMarket({ ...(await formOf("br")), slug: "mx" })).toMatchObject({
      ok: false,
      fieldErrors: { slug: ["Already used."] },
    });
  });

  it("never disables the default market, nor leaves the shop without one", async () => {
    actAs(users.owner);
    const us = await formOf("us");
    expect(await setMarketEnabled({ id: us.id, enabled: false })).toMatchObject({ ok: false });
    expect(await saveMarket({ ...us, enabled: false })).toMatchObject({
      ok: false,
      fieldErrors: { enabled: expect.any(Array) },
    });
    expect(await saveMarket({ ...us, isDefault: false })).toMatchObject({
      ok: false,
      fieldErrors: { isDefault: expect.any(Array) },
    });
    // the default sells in the wallet currency; a market in the wallet currency sells at rate 1
    expect(await saveMarket({ ...(await formOf("br")), isDefault: true })).toMatchObject({
      ok: false,
      fieldErrors: { currency: expect.any(Array) },
    });
    expect(await saveMarket({ ...us, manualRate: "1.1" })).toMatchObject({
      ok: false,
      fieldErrors: { manualRate: expect.any(Array) },
    });
    expect(await db.market.count({ where: { isDefault: true, enabled: true } })).toBe(1);
  });

  it("moves the default in one step when an owner makes another wallet-currency market the default", async () => {
    actAs(users.owner);
    const r = await saveMarket({
      ...(await formOf("us")),
      id: undefined,
      slug: "pr",
      name: "Puerto Rico",
      countries: ["PR"],
      isDefault: true,
      position: 60,
    });
    expect(r).toMatchObject({ ok: true });
    expect((await db.market.findMany({ where: { isDefault: true } })).map((m) => m.slug)).toEqual(["pr"]);
    expect((await getDefaultMarket()).slug).toBe("pr");
    expect(await saveMarket({ ...(await formOf("us")), isDefault: true })).toMatchObject({ ok: true });
    expect((await getDefaultMarket()).slug).toBe("us");
  });
});
