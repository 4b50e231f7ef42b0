// SMTP_URL in the form nodemailer documents (smtp://user:pass@host:587, smtps://…:465, options
// such as ?tls.rejectUnauthorized=false as query parameters), and a description safe to log.
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type SMTPConnection from "nodemailer/lib/smtp-connection/index.js";

export type SmtpConfig = SMTPConnection.Options & { auth?: { user: string; pass: string } };

/** Connection options for one SMTP session, with timeouts short enough for a worker pass. */
export function parseSmtpUrl(url: string): SmtpConfig {
  if (!/^smtps?:\/\//i.test(url)) throw new Error("SMTP_URL must start with smtp:// or smtps://");
  const parsed = parseConnectionUrl(url) as SmtpConfig;
  if (!parsed.host) throw new Error("SMTP_URL has no host");
  return { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, ...parsed };
}

/** "smtp://host:port" — never the user name or password. */
export function describeSmtp(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ""}`;
  } catch {
    return "an unreadable SMTP_URL";
  }
}

/** The domain of the From address, for Message-IDs (<outbox id@domain>). */
export function mailDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match ? match[1].toLowerCase() : "localhost";
}
