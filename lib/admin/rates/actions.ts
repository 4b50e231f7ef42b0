"use server";
// An owner's answer to an exchange rate held for moving past the threshold (docs/markets.md#rates):
// confirm (it applies from now) or reject (the last active rate stays). Owner only (rates.manage),
// zod-checked, audited.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import type { ActionState } from "@/lib/errors";
import { formToObject } from "@/lib/http/action";
import { runStaffAction } from "@/lib/admin/staff-action";
import { decideHeldRate, type HeldDecision } from "@/lib/markets/rates/decide-held";

const heldRateSchema = z.object({ rateId: z.string().min(1).max(64) }).strict();

function refresh(): void {
  try {
    revalidatePath("/admin/rates");
  } catch {
    // Outside a request (tests, scripts) there is no cache to revalidate.
  }
}

function decide(decision: HeldDecision, fd: FormData): Promise<ActionState> {
  return runStaffAction("rates.manage", heldRateSchema, formToObject(fd), async (actor, input) => {
    const rate = await decideHeldRate(input.rateId, decision, actor, new Date());
    await recordAudit({
      actor,
      action: decision === "confirm" ? "rate.confirm" : "rate.reject",
      targetType: "reference_rate",
      targetId: rate.id,
      before: { status: "held", currency: rate.currency, rate: rate.rate, activeRate: rate.previousRate },
      after: { status: decision === "confirm" ? "active" : "rejected", feedDate: rate.feedDate },
    });
    refresh();
    return decision === "confirm"
      ? { ok: true, message: `${rate.currency} now sells at ${rate.rate} per wallet unit.` }
      : {
          ok: true,
          message: `${rate.currency} keeps its last rate${rate.previousRate ? `, ${rate.previousRate}` : ""}.`,
        };
  });
}

/** Confirms a held rate: it becomes the currency's active rate. */
export async function confirmHeldRateAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return decide("confirm", fd);
}

/** Rejects a held rate: it never applies, and the last active rate stays. */
export async function rejectHeldRateAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return decide("reject", fd);
}
