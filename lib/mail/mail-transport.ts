// The transport the outbox worker sends through: SMTP from SMTP_URL, or none (emails then stay
// in the outbox for staff to read). Tests pass their own SMTP_URL to a server they run.
import "server-only";
import { env } from "@/lib/env";
import { parseSmtpUrl } from "./smtp-config";
import { sendOverSmtp, type OutgoingEmail } from "./smtp-session";

export type { OutgoingEmail } from "./smtp-session";

/** Sends one email within `deadlineMs` or throws (SmtpSendError says whether to retry). */
export type MailTransport = { send(mail: OutgoingEmail, deadlineMs: number): Promise<void> };

/** SMTP over SMTP_URL, or null when none is configured. */
export function getMailTransport(url: string | undefined = env.SMTP_URL): MailTransport | null {
  if (!url) return null;
  const config = parseSmtpUrl(url);
  return { send: (mail, deadlineMs) => sendOverSmtp(config, mail, deadlineMs) };
}
