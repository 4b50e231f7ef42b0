// The checklist's buttons: check the upstream (one GET /balance through the shared client and
// budget), check SMTP, confirm backups. Owner only; each result is stored for the checklist
// and audited.
import "server-only";
import { z } from "zod";
import { runStaffAction } from "@/lib/admin/catalog/run-action";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import type { ActionState } from "@/lib/errors";
import { getUpstream } from "@/lib/upstream";
import type { CheckResult } from "./checklist";
import { goLiveKeys } from "./load";
import { checkSmtp } from "./smtp-check";

const noInput = z.object({}).strict();

async function store(key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  await db.setting.upsert({ where: { key }, create: { key, value: text }, update: { value: text } });
}

function answer(what: string, r: CheckResult): ActionState {
  return r.ok
    ? { ok: true, message: `${what}: ${r.message}.` }
    : { ok: false, message: `${what} failed: ${r.message}.` };
}

/** GET /balance: proves the URL, the key (and request signing, when on) are accepted. */
export async function checkUpstreamNow(input: unknown = {}): Promise<ActionState> {
  return runStaffAction("settings.write", noInput, input, async (actor) => {
    let result: CheckResult;
    try {
      const b = await getUpstream().balance({ priority: "check" });
      result = { ok: true, at: new Date().toISOString(), message: `balance ${b.balance} ${b.currency}` };
    } catch (err) {
      result = {
        ok: false,
        at: new Date().toISOString(),
        message: err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 200) : "unknown error",
      };
    }
    await store(goLiveKeys.upstream, result);
    await recordAudit({
      actor,
      action: "golive.check_upstream",
      targetType: "settings",
      targetId: "go-live",
      after: result,
    });
    return answer("Upstream", result);
  });
}

/** Connects to the SMTP server and authenticates, sending nothing. */
export async function checkSmtpNow(input: unknown = {}): Promise<ActionState> {
  return runStaffAction("settings.write", noInput, input, async (actor) => {
    const result: CheckResult = { ...(await checkSmtp()), at: new Date().toISOString() };
    await store(goLiveKeys.smtp, result);
    await recordAudit({
      actor,
      action: "golive.check_smtp",
      targetType: "settings",
      targetId: "go-live",
      after: result,
    });
    return answer("SMTP", result);
  });
}

/** The owner confirms backups are set up as the README describes (who and when are kept). */
export async function confirmBackups(input: unknown = {}): Promise<ActionState> {
  return runStaffAction("settings.write", noInput, input, async (actor) => {
    const value = { at: new Date().toISOString(), by: actor.email };
    await store(goLiveKeys.backups, value);
    await recordAudit({
      actor,
      action: "golive.confirm_backups",
      targetType: "settings",
      targetId: "go-live",
      after: value,
    });
    return { ok: true, message: "Backups confirmed." };
  });
}
