// Exactly once under concurrency and crashes: a worker that dies after claiming leaves the email
// to the first pass after its lease; two workers racing send each email once; a send that hangs
// is cut off inside its lease, so it never overlaps the worker that takes the email over.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { claimEmail, findDueEmails } from "@/lib/mail/outbox-claim";
import { claimLeaseMs, retryDelaysMs } from "@/lib/mail/outbox-policy";
import { createMailHarness, queueTestEmail, type MailHarness } from "./helpers";

let mail: MailHarness;

beforeAll(async () => {
  mail = await createMailHarness();
});
afterAll(() => mail.close());

const delivered = (id: string) => mail.sink.messages.filter((m) => m.messageId === `<${id}@localhost>`);

describe("outbox worker concurrency", () => {
  it("sends an email exactly once, after the lease, when the worker that claimed it crashed", async () => {
    const email = await queueTestEmail("crash@example.test");
    // A worker claims the email and dies before sending (its work is simply dropped).
    const [seen] = (await findDueEmails(mail.now(), 50)).filter((r) => r.id === email.id);
    expect(await claimEmail(seen, mail.now(), claimLeaseMs)).not.toBeNull();

    expect(await mail.pass()).toMatchObject({ sent: 0 });
    mail.advance(claimLeaseMs - 1_000);
    expect(await mail.pass()).toMatchObject({ sent: 0 }); // the lease still holds
    mail.advance(1_001);
    expect(await mail.pass()).toMatchObject({ sent: 1 });
    mail.advance(claimLeaseMs * 2);
    expect(await mail.pass()).toMatchObject({ sent: 0 });

    expect(delivered(email.id)).toHaveLength(1);
    expect(await db.outboxEmail.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
    });
  });

  it("lets only one of two workers that saw the same email claim it", async () => {
    const email = await queueTestEmail("claim-race@example.test");
    const [seen] = (await findDueEmails(mail.now(), 50)).filter((r) => r.id === email.id);
    const claims = await Promise.all([
      claimEmail(seen, mail.now(), claimLeaseMs),
      claimEmail(seen, mail.now(), claimLeaseMs),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await mail.pass()).toMatchObject({ sent: 0 }); // held by the winner's lease
    mail.advance(claimLeaseMs + 1);
    await mail.pass();
  });

  it("sends each email once when two workers run their passes at the same time", async () => {
    const emails = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => queueTestEmail(`race-${i}@example.test`)));
    const before = mail.sink.messages.length;
    const results = await Promise.all([mail.pass(), mail.pass()]);
    expect(results[0].sent + results[1].sent).toBe(6);
    expect(mail.sink.messages.length - before).toBe(6);
    for (const e of emails) expect(delivered(e.id)).toHaveLength(1);
    const rows = await db.outboxEmail.findMany({ where: { id: { in: emails.map((e) => e.id) } } });
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("cuts off a send that hangs well inside its lease, so the next attempt never overlaps it, and sends the email once", async () => {
    const email = await queueTestEmail("hangs@example.test");
    mail.sink.stallNext(1); // the server takes the message and never answers
    const leaseMs = 2_000;
    expect(await mail.pass({ leaseMs, deadlineMs: 60_000 })).toMatchObject({ retried: 1 });
    // The deadline is capped at half the lease: the worker let go long before the lease ended.
    const row = await db.outboxEmail.findUniqueOrThrow({ where: { id: email.id } });
    expect(row).toMatchObject({
      status: "outbox",
      attempts: 1,
      error: expect.stringMatching(/no answer within 1000 ms/),
    });

    mail.advance(retryDelaysMs[0]);
    expect(await mail.pass({ leaseMs })).toMatchObject({ sent: 1 });
    expect(delivered(email.id)).toHaveLength(1);
    expect(mail.sink.dataAttempts()).toBeGreaterThanOrEqual(2);
  });
});
