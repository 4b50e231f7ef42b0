// One SMTP session per email: connect, authenticate, send, quit. Built on nodemailer's own
// SMTPConnection and MailComposer rather than its transport because the outbox needs what the
// transport cannot give: a hard deadline after which the socket is closed, so a send can never
// outlive the worker's claim (a message the server has not acknowledged is not delivered).
import "server-only";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import SMTPConnection from "nodemailer/lib/smtp-connection/index.js";
import type { SmtpConfig } from "./smtp-config";

export type OutgoingEmail = {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
};

/** An SMTP failure with what the worker needs to decide: retry or give up. */
export class SmtpSendError extends Error {
  /** The server refused for good (5xx to the recipient): retrying cannot help. */
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean) {
    super(message);
    this.name = "SmtpSendError";
    this.permanent = permanent;
  }
}

type SmtpError = Error & { code?: string; responseCode?: number; response?: string; command?: string };

function toSendError(err: unknown): SmtpSendError {
  const e = err as SmtpError;
  const permanent = e.code === "EENVELOPE" && typeof e.responseCode === "number" && e.responseCode >= 500;
  const detail = e.response ?? e.message ?? "send failed";
  return new SmtpSendError(`${e.code ? `${e.code}: ` : ""}${detail}`.slice(0, 500), permanent);
}

/** Builds the MIME message (text and HTML alternatives, our Message-ID) and its envelope. */
async function compose(mail: OutgoingEmail) {
  const node = new MailComposer({
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    messageId: mail.messageId,
  }).compile();
  return { envelope: node.getEnvelope(), raw: await node.build() };
}

/**
 * Runs one SMTP session: connects, authenticates when configured, runs `step`, quits. Any error,
 * an early close or the deadline closes the socket and rejects with SmtpSendError.
 */
function runSession(
  config: SmtpConfig,
  deadlineMs: number,
  step: (connection: SMTPConnection, done: (err?: unknown) => void) => void,
): Promise<void> {
  const connection = new SMTPConnection(config);
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) {
        connection.close();
        reject(toSendError(err));
      } else {
        connection.quit();
        resolve();
      }
    };
    const timer = setTimeout(
      () => finish(Object.assign(new Error(`no answer within ${deadlineMs} ms`), { code: "ETIMEDOUT" })),
      deadlineMs,
    );
    // Kept for the connection's whole life: a late socket error must never go unhandled.
    connection.on("error", (err) => finish(err));
    connection.on("end", () =>
      finish(Object.assign(new Error("connection closed before the server answered"), { code: "ECONNECTION" })),
    );
    connection.connect(() => {
      if (!config.auth) return step(connection, finish);
      connection.login(config.auth, (err) => (err ? finish(err) : step(connection, finish)));
    });
  });
}

/** Sends one email, or throws SmtpSendError; gives up (closing the socket) after `deadlineMs`. */
export async function sendOverSmtp(config: SmtpConfig, mail: OutgoingEmail, deadlineMs: number): Promise<void> {
  const { envelope, raw } = await compose(mail);
  await runSession(config, deadlineMs, (connection, done) =>
    connection.send(envelope, raw, (err) => done(err ?? undefined)),
  );
}

/** Connects, authenticates and quits: proves the configuration without sending anything. */
export async function verifySmtp(config: SmtpConfig, deadlineMs = 15_000): Promise<void> {
  await runSession(config, deadlineMs, (_connection, done) => done());
}
