// Gathers the go-live checklist's inputs: configuration from the environment, the last
// button-triggered checks and the backups confirmation (Setting rows), the newest signed
// upstream webhook. Owner only; never spends upstream budget (the checks are buttons).
import "server-only";
import { z } from "zod";
import { requirePermission } from "@/lib/auth/guards";
import { getStaffTwoFactorMode } from "@/lib/auth/two-factor/policy";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { buildGoLiveChecklist, type ChecklistItem, type CheckResult } from "./checklist";

export const goLiveKeys = {
  upstream: "golive.upstreamCheck",
  smtp: "golive.smtpCheck",
  backups: "golive.backupsConfirmed",
} as const;

const checkSchema = z.object({ ok: z.boolean(), at: z.string(), message: z.string() });
const backupsSchema = z.object({ at: z.string(), by: z.string() });

function parseSetting<T>(schema: z.ZodType<T>, value: string | undefined): T | null {
  if (!value) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** True when the upstream is the shop's own built-in sandbox (or any /sandbox/v1). */
function pointsAtSandbox(): boolean {
  return env.SANDBOX_ENABLED || /\/sandbox\/v1$/.test(env.UPSTREAM_BASE_URL);
}

/** The checklist as the owner sees it now. */
export async function loadGoLiveChecklist(now: Date = new Date()): Promise<ChecklistItem[]> {
  await requirePermission("settings.write");
  const [rows, lastWebhook, staffTwoFactorMode] = await Promise.all([
    db.setting.findMany({ where: { key: { in: Object.values(goLiveKeys) } } }),
    db.webhookDelivery.findFirst({
      where: { source: "upstream", status: { not: "rejected" } },
      orderBy: { receivedAt: "desc" },
      select: { receivedAt: true },
    }),
    getStaffTwoFactorMode(),
  ]);
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const stripe = env.STRIPE_SECRET_KEY;
  return buildGoLiveChecklist({
    now,
    demoMode: env.DEMO_MODE,
    sandboxEnabled: env.SANDBOX_ENABLED,
    stripeKey: !stripe ? "none" : stripe.startsWith("sk_live_") || stripe.startsWith("rk_live_") ? "live" : "test",
    stripeWebhookSecretSet: Boolean(env.STRIPE_WEBHOOK_SECRET),
    appUrl: env.APP_URL,
    upstreamIsSandbox: pointsAtSandbox(),
    upstreamCheck: parseSetting<CheckResult>(checkSchema, byKey.get(goLiveKeys.upstream)),
    webhookSecretSet: Boolean(env.UPSTREAM_WEBHOOK_SECRET),
    lastSignedWebhookAt: lastWebhook?.receivedAt ?? null,
    smtpConfigured: Boolean(env.SMTP_URL),
    smtpCheck: parseSetting<CheckResult>(checkSchema, byKey.get(goLiveKeys.smtp)),
    backupsConfirmed: parseSetting(backupsSchema, byKey.get(goLiveKeys.backups)),
    staffTwoFactorMode,
  });
}
