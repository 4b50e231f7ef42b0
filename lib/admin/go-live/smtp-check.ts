// One SMTP check for the go-live checklist: connect and authenticate (nodemailer's verify),
// without sending anything. The mail module may offer its own; this is the one place to switch.
import "server-only";
import nodemailer from "nodemailer";
import { env } from "@/lib/env";

/** ok when the SMTP server accepted the connection and the credentials within 10 s. */
export async function checkSmtp(): Promise<{ ok: boolean; message: string }> {
  if (!env.SMTP_URL) return { ok: false, message: "SMTP_URL is not set." };
  const transport = nodemailer.createTransport(env.SMTP_URL, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  });
  try {
    await transport.verify();
    return { ok: true, message: "connected and authenticated" };
  } catch (err) {
    // The error names the failure (ECONNREFUSED, EAUTH…); never the URL, which holds the password.
    const code = (err as { code?: unknown }).code;
    return {
      ok: false,
      message: `could not connect: ${typeof code === "string" ? code : err instanceof Error ? err.name : "error"}`,
    };
  } finally {
    transport.close();
  }
}
