// Outgoing email: every message is recorded in OutboxEmail first (M7, and staff can read it),
// then sent through SMTP when SMTP_URL is set. A dedupe key makes each email once-only.
import "server-only";
import nodemailer from "nodemailer";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";

export type EmailInput = { to: string; subject: string; text: string; kind: string; dedupeKey: string; orderId?: string };

let transport: nodemailer.Transporter | null = null;

function getTransport(): nodemailer.Transporter | null {
  if (!env.SMTP_URL) return null;
  transport ??= nodemailer.createTransport(env.SMTP_URL);
  return transport;
}

/** Queues (and, with SMTP, sends) an email once per dedupeKey; never throws at the caller. */
export async function sendEmail(input: EmailInput): Promise<void> {
  let id: string;
  try {
    const row = await db.outboxEmail.create({
      data: { dedupeKey: input.dedupeKey, kind: input.kind, to: input.to, subject: input.subject, text: input.text, orderId: input.orderId, status: "outbox" },
    });
    id = row.id;
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return; // already sent
    console.error("email: could not record", input.kind);
    return;
  }
  const smtp = getTransport();
  if (!smtp) return;
  try {
    await smtp.sendMail({ from: env.MAIL_FROM, to: input.to, subject: input.subject, text: input.text });
    await db.outboxEmail.update({ where: { id }, data: { status: "sent", sentAt: new Date() } });
  } catch (err) {
    await db.outboxEmail.update({ where: { id }, data: { status: "failed", error: err instanceof Error ? err.message.slice(0, 500) : "send failed" } });
  }
}
