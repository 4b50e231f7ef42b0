// Outbox tests: a real SMTP server in-process, the worker's SMTP transport pointed at it, and a
// clock that only the tests move. Rows are stamped with the real time when recorded, so the
// clock starts ten minutes ahead of it: every email a test records is due at once.
import { db } from "@/lib/db";
import { getMailTransport } from "@/lib/mail/mail-transport";
import { runOutboxPass, type OutboxPassOptions } from "@/lib/mail/outbox-worker";
import { sendEmail } from "@/lib/mail/send-email";
import { startSmtpSink, type SmtpSink } from "../../helpers/smtp-sink.mjs";

export type MailHarness = Awaited<ReturnType<typeof createMailHarness>>;

export async function createMailHarness() {
  const sink: SmtpSink = await startSmtpSink();
  const transport = getMailTransport(sink.url)!;
  let clockMs = Date.now() + 10 * 60_000;
  const now = () => new Date(clockMs);
  return {
    sink,
    transport,
    now,
    /** Moves the worker's clock forward. */
    advance(ms: number) {
      clockMs += ms;
    },
    /** One worker pass against the sink at the harness's time. */
    pass(opts: OutboxPassOptions = {}) {
      return runOutboxPass({ transport, now, ...opts });
    },
    close: () => sink.close(),
  };
}

let n = 0;

/** Records a plain email the way any producer does; returns its outbox row. */
export async function queueTestEmail(to = "buyer@example.test") {
  const dedupeKey = `test:${++n}:${Math.random()}`;
  await sendEmail({
    to,
    subject: `Giftly: test message ${n}`,
    text: `Hello ${n}.\n\nhttp://shop.test/orders/t${n}\n`,
    kind: "test",
    dedupeKey,
  });
  return db.outboxEmail.findUniqueOrThrow({ where: { dedupeKey } });
}
