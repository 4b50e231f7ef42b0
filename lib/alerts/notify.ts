// Sends what an alert's state says is due, once across every instance: claim the notice on the
// AlertState row (token + lease), queue one email per owner who wants it (lib/mail outbox) and
// the chat webhook, then record it under the same claim. A crash between leaves the claim to
// expire; the next pass sends again with the same dedupe keys, so nobody gets it twice.
import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { queueEmail } from "@/lib/mail/send-email";
import { alertEmail } from "@/lib/mail/templates";
import { countAlertNotice } from "@/lib/metrics/observe";
import { recordAlertWebhook } from "./alert-webhook";
import { ensureAlertState, type AlertStateRow } from "./alert-state";
import { formatDuration, formatWhen } from "./format";
import type { AlertEvaluation, AlertKind } from "./kinds";
import { alertRecipients } from "./subscriptions";

const claimMs = 2 * 60_000;

export type NoticeState = "firing" | "cleared";

/** The words of one notice: the evaluation now, framed as new, ongoing or cleared. */
export function noticeWords(
  s: AlertStateRow,
  ev: AlertEvaluation,
  state: NoticeState,
): { title: string; summary: string } {
  if (state === "cleared") {
    const lasted =
      s.firedAt && s.clearedAt ? ` after ${formatDuration(s.clearedAt.getTime() - s.firedAt.getTime())}` : "";
    return {
      title: ev.title,
      summary: `This has ended${s.clearedAt ? ` at ${formatWhen(s.clearedAt)}` : ""}${lasted}${s.firedAt ? ` (it began at ${formatWhen(s.firedAt)})` : ""}.`,
    };
  }
  if (s.notices > 0 && s.firedAt)
    return { title: ev.title, summary: `Still going on since ${formatWhen(s.firedAt)}. ${ev.summary}` };
  return { title: ev.title, summary: ev.summary };
}

/** Sends the alert's due notice, if any and if no other instance is sending it. */
export async function sendDueNotice(
  kind: AlertKind,
  ev: AlertEvaluation,
  now: Date,
): Promise<"sent" | "none" | "busy" | "retry"> {
  const s = await ensureAlertState(kind);
  if (s.noticeDue !== "firing" && s.noticeDue !== "cleared") return "none";
  const state: NoticeState = s.noticeDue;
  const token = crypto.randomUUID();
  const due = { kind, noticeDue: state, incident: s.incident };
  const claimed = await db.alertState.updateMany({
    where: { ...due, OR: [{ noticeClaimUntil: null }, { noticeClaimUntil: { lt: now } }] },
    data: { noticeClaimToken: token, noticeClaimUntil: new Date(now.getTime() + claimMs) },
  });
  if (claimed.count === 0) return "busy";

  const key = `alert:${kind}:${s.incident}:${state === "cleared" ? "cleared" : `n${s.notices + 1}`}`;
  const words = noticeWords(s, ev, state);
  const url = `${env.APP_URL}${ev.path}`;
  const content = alertEmail({ ...words, state, details: ev.details, url });
  const results = [];
  for (const r of await alertRecipients(kind))
    results.push(await queueEmail({ to: r.email, kind: "alert", dedupeKey: `${key}:${r.id}`, content }));
  if (env.ALERT_WEBHOOK_URL) {
    await recordAlertWebhook(
      key,
      { alert: kind, state, incident: s.incident, ...words, details: ev.details, url, at: now.toISOString() },
      now,
    );
  }
  if (results.includes("error")) {
    // Some email could not be recorded: let the claim lapse; the next pass sends the rest.
    log.warn({ alert: kind, incident: s.incident }, "alerts: a notice was not fully queued; it is retried");
    return "retry";
  }
  const recorded = await db.alertState.updateMany({
    where: { ...due, noticeClaimToken: token },
    data: {
      noticeDue: null,
      noticeClaimToken: null,
      noticeClaimUntil: null,
      lastNoticeAt: now,
      ...(state === "firing" ? { notices: { increment: 1 } } : {}),
      version: { increment: 1 },
    },
  });
  if (recorded.count === 0)
    await db.alertState.updateMany({
      where: { kind, noticeClaimToken: token },
      data: { noticeClaimToken: null, noticeClaimUntil: null },
    });
  countAlertNotice(kind, state);
  log.info({ alert: kind, incident: s.incident, state, recipients: results.length }, `alert ${state}: ${ev.title}`);
  return "sent";
}
