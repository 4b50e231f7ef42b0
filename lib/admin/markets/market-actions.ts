// Owners create, edit, enable and disable markets; every change is audited with the market
// before and after and the fields that changed. Exactly one default market always exists: it
// sells in the wallet currency, is never disabled, and moves only by making another the default
// (docs/markets.md#the-default-market).
import "server-only";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { recordAudit } from "@/lib/audit/record";
import type { ActionState } from "@/lib/errors";
import { runStaffAction } from "@/lib/admin/staff-action";
import { notifyCatalogChanged } from "@/lib/catalog/cache/page-invalidation";
import { invalidateMarkets } from "@/lib/markets/lookup";
import { marketFormSchema, setMarketEnabledSchema, type MarketInput } from "@/lib/markets/market-schema";
import { changedFields, marketSnapshot } from "./market-snapshot";

type Refusal = { field: string; message: string } | null;

/** Rules that need the stored market or the wallet currency (the schema checks the rest). */
function refusal(data: MarketInput, before: { isDefault: boolean } | null): Refusal {
  const wallet = env.SHOP_CURRENCY;
  if (data.currency === wallet && !new Prisma.Decimal(data.manualRate).equals(1))
    return { field: "manualRate", message: `A market in the wallet currency (${wallet}) sells at rate 1.` };
  if (data.currency === wallet && data.rateSource === "feed")
    return { field: "rateSource", message: `A market in the wallet currency (${wallet}) needs no rate feed.` };
  if (data.isDefault && data.currency !== wallet)
    return { field: "currency", message: `The default market sells in the wallet currency (${wallet}).` };
  if (before?.isDefault && !data.isDefault)
    return { field: "isDefault", message: "Make another market the default instead; one always is." };
  return null;
}

/** Creates a market (no id) or edits one. */
export async function saveMarket(input: unknown, now: Date = new Date()): Promise<ActionState> {
  return runStaffAction("markets.write", marketFormSchema, input, async (actor, data) => {
    const before = data.id ? await db.market.findUnique({ where: { id: data.id } }) : null;
    if (data.id && !before) return { ok: false, message: "That market no longer exists." };
    const refused = refusal(data, before);
    if (refused) return { ok: false, message: refused.message, fieldErrors: { [refused.field]: [refused.message] } };
    const rateChanged = !before || !before.manualRate.equals(data.manualRate);
    const values = {
      slug: data.slug,
      name: data.name,
      countries: JSON.stringify(data.countries),
      currency: data.currency,
      defaultLanguage: data.defaultLanguage,
      otherLanguages: JSON.stringify(data.otherLanguages),
      rateSource: data.rateSource,
      manualRate: data.manualRate,
      ...(rateChanged ? { manualRateSetAt: now } : {}),
      rateMaxAgeHours: data.rateMaxAgeHours,
      fxBufferPercent: data.fxBufferPercent,
      priceAdjustmentPercent: data.priceAdjustmentPercent,
      roundingKind: data.roundingKind,
      roundingValue: data.roundingKind === "none" ? null : data.roundingValue,
      productRegions: data.productRegions.length > 0 ? JSON.stringify(data.productRegions) : null,
      enabled: data.enabled,
      isDefault: data.isDefault,
      position: data.position,
    };
    let after;
    try {
      after = await db.$transaction(async (tx) => {
        // The default moves in one transaction: never none, never two.
        if (data.isDefault) await tx.market.updateMany({ where: { isDefault: true }, data: { isDefault: false } });
        return before
          ? tx.market.update({ where: { id: before.id }, data: values })
          : tx.market.create({ data: { ...values, manualRateSetAt: now } });
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
        return {
          ok: false,
          message: "Another market uses that URL segment.",
          fieldErrors: { slug: ["Already used."] },
        };
      throw error;
    }
    invalidateMarkets();
    // This instance's catalog pages show the market: dropped before the owner sees the answer.
    await notifyCatalogChanged();
    const changed = changedFields(before, after);
    await recordAudit({
      actor,
      action: before ? "market.update" : "market.create",
      targetType: "market",
      targetId: after.id,
      before: before ? marketSnapshot(before) : null,
      after: { ...marketSnapshot(after), changed },
    });
    const what = before ? (changed.length > 0 ? `changed ${changed.join(", ")}` : "no change") : "created";
    return { ok: true, message: `${after.name}: ${what}.` };
  });
}

/** Enables or disables a market; the default market is never disabled. */
export async function setMarketEnabled(input: unknown): Promise<ActionState> {
  return runStaffAction("markets.write", setMarketEnabledSchema, input, async (actor, data) => {
    const before = await db.market.findUnique({ where: { id: data.id } });
    if (!before) return { ok: false, message: "That market no longer exists." };
    if (before.isDefault && !data.enabled)
      return { ok: false, message: "The default market cannot be disabled; make another market the default first." };
    if (before.enabled === data.enabled)
      return { ok: true, message: `${before.name} is already ${data.enabled ? "enabled" : "disabled"}.` };
    const after = await db.market.update({ where: { id: before.id }, data: { enabled: data.enabled } });
    invalidateMarkets();
    // This instance's catalog pages show the market: dropped before the owner sees the answer.
    await notifyCatalogChanged();
    await recordAudit({
      actor,
      action: data.enabled ? "market.enable" : "market.disable",
      targetType: "market",
      targetId: after.id,
      before: marketSnapshot(before),
      after: { ...marketSnapshot(after), changed: ["enabled"] },
    });
    return { ok: true, message: `${after.name} ${data.enabled ? "enabled" : "disabled"}.` };
  });
}
