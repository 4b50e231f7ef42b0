// Creating, editing and deleting markup rules. Every change re-prices the catalog at once so
// the shop never shows a price from an old rule, and is audited with the rule before/after.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record";
import { loadPricingRules, repriceAllProducts } from "@/lib/pricing/rules";
import type { PricingRuleInput } from "@/lib/pricing/markup";
import type { ActionState } from "@/lib/errors";
import { runStaffAction } from "@/lib/admin/staff-action";
import { deletePricingRuleSchema, pricingRuleSchema } from "./rule-schema";

type RuleRow = Awaited<ReturnType<typeof db.pricingRule.findUnique>>;

/** A rule row as plain JSON for the audit log (decimals as strings). */
function snapshot(row: RuleRow) {
  if (!row) return null;
  const { id, scope, key, rounding } = row;
  return {
    id,
    scope,
    key,
    rounding,
    markupPercent: row.markupPercent.toString(),
    fixedFee: row.fixedFee.toString(),
    minMarginPercent: row.minMarginPercent.toString(),
    minMarginAmount: row.minMarginAmount.toString(),
  };
}

async function repriceAfterChange(previous: PricingRuleInput[]): Promise<string> {
  // repriceAllProducts bumps the catalog version when a price changed (a shop price, or an
  // offer's "was" price the rules before the change priced otherwise): caches follow at once.
  const r = await repriceAllProducts(previous);
  return `${r.changed} of ${r.checked} product prices changed.`;
}

/** Creates a rule (no id) or edits one; the global rule's scope and key never change. */
export async function savePricingRule(input: unknown): Promise<ActionState> {
  return runStaffAction("pricing.write", pricingRuleSchema, input, async (actor, data) => {
    const values = {
      markupPercent: data.markupPercent,
      fixedFee: data.fixedFee,
      rounding: data.rounding,
      minMarginPercent: data.minMarginPercent,
      minMarginAmount: data.minMarginAmount,
    };
    const previous = await loadPricingRules();
    const before = data.id ? await db.pricingRule.findUnique({ where: { id: data.id } }) : null;
    if (data.id && !before) return { ok: false, message: "That rule no longer exists." };
    if (before?.scope === "global" && data.scope !== "global") {
      return {
        ok: false,
        message: "The global rule always applies; create a narrower rule instead.",
        fieldErrors: { scope: ["The global rule's scope cannot change."] },
      };
    }
    let after;
    try {
      after = before
        ? await db.pricingRule.update({
            where: { id: before.id },
            data: { scope: data.scope, key: data.key, ...values },
          })
        : await db.pricingRule.create({ data: { scope: data.scope, key: data.key, ...values } });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
        return {
          ok: false,
          message: "A rule for that scope and key already exists.",
          fieldErrors: { key: ["Already has a rule: edit that one."] },
        };
      }
      throw error;
    }
    const repriced = await repriceAfterChange(previous);
    await recordAudit({
      actor,
      action: before ? "pricing.rule.update" : "pricing.rule.create",
      targetType: "pricing_rule",
      targetId: after.id,
      before: snapshot(before),
      after: { ...snapshot(after), repriced },
    });
    return { ok: true, message: `Rule saved. ${repriced}` };
  });
}

/** Deletes a narrower rule; the global rule cannot be deleted (every product needs one). */
export async function deletePricingRule(input: unknown): Promise<ActionState> {
  return runStaffAction("pricing.write", deletePricingRuleSchema, input, async (actor, data) => {
    const before = await db.pricingRule.findUnique({ where: { id: data.id } });
    if (!before) return { ok: false, message: "That rule no longer exists." };
    if (before.scope === "global") return { ok: false, message: "The global rule cannot be deleted; edit it instead." };
    const previous = await loadPricingRules();
    await db.pricingRule.delete({ where: { id: before.id } });
    const repriced = await repriceAfterChange(previous);
    await recordAudit({
      actor,
      action: "pricing.rule.delete",
      targetType: "pricing_rule",
      targetId: before.id,
      before: snapshot(before),
      after: { repriced },
    });
    return { ok: true, message: `Rule deleted. ${repriced}` };
  });
}
