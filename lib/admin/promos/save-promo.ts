// Creating and editing promo codes (owners and staff: promos.write), audited with the code
// before and after. The code's text never changes once created: orders and receipts name it.
import "server-only";
import { runStaffAction } from "@/lib/admin/catalog/run-action";
import { recordAudit } from "@/lib/audit/record";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import type { ActionState } from "@/lib/errors";
import { parseScopeKeys, promoFormSchema } from "@/lib/promos/promo-terms";

type Row = NonNullable<Awaited<ReturnType<typeof db.promoCode.findUnique>>>;

/** The code as plain JSON for the audit log. */
function snapshot(r: Row | null) {
  if (!r) return null;
  const {
    id,
    code,
    description,
    kind,
    currency,
    scope,
    startsAt,
    endsAt,
    maxUses,
    maxUsesPerShopper,
    usedCount,
    active,
  } = r;
  return {
    id,
    code,
    description,
    kind,
    value: r.value.toString(),
    currency,
    scope,
    scopeKeys: parseScopeKeys(r.scopeKeys),
    startsAt,
    endsAt,
    maxUses,
    maxUsesPerShopper,
    usedCount,
    active,
  };
}

/** Creates a code (no id) or edits one; an amount is in the shop's currency (SHOP_CURRENCY). */
export async function savePromo(input: unknown): Promise<ActionState> {
  return runStaffAction("promos.write", promoFormSchema, input, async (actor, data) => {
    const before = data.id ? await db.promoCode.findUnique({ where: { id: data.id } }) : null;
    if (data.id && !before) return { ok: false, message: "That code no longer exists." };
    if (before && before.code !== data.code) {
      return {
        ok: false,
        message: "A code's text cannot change once created.",
        fieldErrors: { code: ["Create a new code instead."] },
      };
    }
    const values = {
      description: data.description,
      kind: data.kind,
      value: data.value,
      // Usage counts are never edited here: only claims and releases move them.
      currency: env.SHOP_CURRENCY,
      scope: data.scope,
      scopeKeys: JSON.stringify(data.scope === "all" ? [] : data.scopeKeys),
      startsAt: data.startsAt,
      endsAt: data.endsAt,
      maxUses: data.maxUses,
      maxUsesPerShopper: data.maxUsesPerShopper,
      active: data.active,
    };
    let after: Row;
    try {
      after = before
        ? await db.promoCode.update({ where: { id: before.id }, data: values })
        : await db.promoCode.create({ data: { code: data.code, createdById: actor.id, ...values } });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
        return {
          ok: false,
          message: "That code already exists.",
          fieldErrors: { code: ["Already taken: edit that code, or choose another."] },
        };
      }
      throw error;
    }
    await recordAudit({
      actor,
      action: before ? "promo.update" : "promo.create",
      targetType: "promo_code",
      targetId: after.id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return {
      ok: true,
      message: before ? `Code ${after.code} saved.` : `Code ${after.code} created.`,
      data: { id: after.id },
    };
  });
}
