// Is email going to work? Connects to SMTP_URL, authenticates and quits (nothing is sent). Run
// at start-up (one clear log line, never a crash) and by any page that shows the shop's health.
import "server-only";
import { env } from "@/lib/env";
import { describeSmtp, parseSmtpUrl } from "./smtp-config";
import { verifySmtp } from "./smtp-session";
import { log } from "@/lib/log";

export type SmtpCheck = {
  /** SMTP_URL is set. */
  configured: boolean;
  /** The server answered and accepted the credentials. */
  ok: boolean;
  /** "smtp://host:port" (never credentials), or null. */
  target: string | null;
  /** One sentence for a person: what works, or what is wrong and what happens meanwhile. */
  message: string;
};

/** Verifies the SMTP configuration (default: SMTP_URL); never throws. */
export async function checkSmtp(url: string | undefined = env.SMTP_URL): Promise<SmtpCheck> {
  if (!url) {
    return {
      configured: false,
      ok: false,
      target: null,
      message: "SMTP_URL is not set: emails are recorded in the outbox (/admin/outbox) and not sent.",
    };
  }
  const target = describeSmtp(url);
  try {
    await verifySmtp(parseSmtpUrl(url));
    return {
      configured: true,
      ok: true,
      target,
      message: `SMTP at ${target} accepted the connection${url.includes("@") ? " and the credentials" : ""}.`,
    };
  } catch (err) {
    const reason = err instanceof Error ? err.message : "unknown error";
    return {
      configured: true,
      ok: false,
      target,
      message: `SMTP at ${target} is not usable (${reason}). Emails wait in the outbox and are retried.`,
    };
  }
}

/** Logs the check's outcome at start-up; a broken configuration warns and the shop carries on. */
export async function reportSmtpAtStartup(): Promise<void> {
  const result = await checkSmtp();
  if (result.ok || !result.configured) log.info(`email: ${result.message}`);
  else log.error(`email: ${result.message}`);
}
