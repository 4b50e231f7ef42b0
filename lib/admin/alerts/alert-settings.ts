// The settings page's alert section: the signed-in owner's own choices (which alerts reach their
// inbox), the alerts firing now, and whether the chat webhook is configured. Owners only.
import "server-only";
import { z } from "zod";
import { runStaffAction } from "@/lib/admin/staff-action";
import { alertKindNames, alertKinds, type AlertKind } from "@/lib/alerts/kinds";
import { getAlertChoices, setAlertChoices } from "@/lib/alerts/subscriptions";
import { recordAudit } from "@/lib/audit/record";
import { requirePermission } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { ActionState } from "@/lib/errors";

/** A ticked box arrives as "on"; an unticked one is absent. */
export const alertChoicesSchema = z
  .object(
    Object.fromEntries(alertKindNames.map((k) => [k, z.literal("on").optional()])) as Record<
      AlertKind,
      z.ZodOptional<z.ZodLiteral<"on">>
    >,
  )
  .strict();

export type AlertSettingsView = {
  kinds: { kind: AlertKind; label: string; enabled: boolean; firingSince: Date | null }[];
  webhookConfigured: boolean;
};

/** What the signed-in owner sees in Settings → Alerts. */
export async function loadAlertSettings(): Promise<AlertSettingsView> {
  const owner = await requirePermission("settings.write");
  const [choices, states] = await Promise.all([
    getAlertChoices(owner.id),
    db.alertState.findMany({ where: { status: "firing" }, select: { kind: true, firedAt: true } }),
  ]);
  const firing = new Map(states.map((s) => [s.kind, s.firedAt]));
  return {
    kinds: alertKindNames.map((kind) => ({
      kind,
      label: alertKinds[kind].label,
      enabled: choices[kind],
      firingSince: firing.get(kind) ?? null,
    })),
    webhookConfigured: Boolean(env.ALERT_WEBHOOK_URL && env.ALERT_WEBHOOK_SECRET),
  };
}

/** Saves the signed-in owner's choices (audited). */
export async function updateAlertChoices(input: unknown): Promise<ActionState> {
  return runStaffAction("settings.write", alertChoicesSchema, input, async (actor, data) => {
    const before = await getAlertChoices(actor.id);
    const after = Object.fromEntries(alertKindNames.map((k) => [k, data[k] === "on"])) as Record<AlertKind, boolean>;
    await setAlertChoices(actor.id, after);
    await recordAudit({ actor, action: "alerts.choices", targetType: "user", targetId: actor.id, before, after });
    return { ok: true, message: "Alert choices saved." };
  });
}
