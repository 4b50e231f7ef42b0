// Retries: growing waits between attempts, a bounded number of them, then "failed" with the
// server's reason (counted on the overview) until staff retry it; refusals for good fail at once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getHealth } from "@/lib/admin/overview/health";
import { retryEmailAction } from "@/lib/admin/outbox/actions";
import { listAuditLog } from "@/lib/audit/list";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { maxAgeMs, maxAttempts, retryDelaysMs } from "@/lib/mail/outbox-policy";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";
import { createMailHarness, queueTestEmail, type MailHarness } from "./helpers";

let mail: MailHarness;
let users: TestUsers;

beforeAll(async () => {
  mail = await createMailHarness();
  users = await createRoleUsers("mail-retry");
});
afterAll(() => mail.close());
afterEach(() => {
  setSessionOverrideForTests(undefined);
  mail.sink.refuseNext(0);
  mail.sink.rejectRecipients(() => false);
});

const row = (id: string) => db.outboxEmail.findUniqueOrThrow({ where: { id } });
const delivered = (id: string) => mail.sink.messages.filter((m) => m.messageId === `<${id}@localhost>`);

function form(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}

describe("outbox retries", () => {
  it("gets the email through on the third attempt when the server refuses the first two, waiting longer each time", async () => {
    const email = await queueTestEmail("third@example.test");
    mail.sink.refuseNext(2);

    expect(await mail.pass()).toMatchObject({ sent: 0, retried: 1 });
    const first = await row(email.id);
    expect(first).toMatchObject({ status: "outbox", attempts: 1 });
    expect(first.error).toMatch(/451/);
    expect(first.nextAttemptAt.getTime() - first.lastAttemptAt!.getTime()).toBe(retryDelaysMs[0]);
    expect(await mail.pass()).toMatchObject({ sent: 0, retried: 0 }); // not due yet

    mail.advance(retryDelaysMs[0]);
    expect(await mail.pass()).toMatchObject({ retried: 1 });
    const second = await row(email.id);
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt.getTime() - second.lastAttemptAt!.getTime()).toBe(retryDelaysMs[1]);

    mail.advance(retryDelaysMs[1]);
    expect(await mail.pass()).toMatchObject({ sent: 1 });
    expect(await row(email.id)).toMatchObject({ status: "sent", attempts: 3, error: null });
    expect(delivered(email.id)).toHaveLength(1);
  });

  it("gives up after the last attempt with the server's reason, counts it on the overview, and staff can send it again (audited)", async () => {
    const email = await queueTestEmail("gives-up@example.test");
    const failedBefore = (await getHealth()).emails.failed;
    mail.sink.refuseNext(maxAttempts);
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      expect(await mail.pass()).toMatchObject(attempt < maxAttempts ? { retried: 1 } : { failed: 1 });
      if (attempt < maxAttempts) mail.advance(retryDelaysMs[attempt - 1]);
    }
    expect(await row(email.id)).toMatchObject({
      status: "failed",
      attempts: maxAttempts,
      error: expect.stringMatching(/451 Try again later/),
    });
    expect((await getHealth()).emails.failed).toBe(failedBefore + 1);
    mail.advance(24 * 60 * 60_000);
    expect(await mail.pass()).toMatchObject({ sent: 0, retried: 0, failed: 0 }); // nobody touches it now

    actAs(users.support);
    expect(await retryEmailAction(null, form({ id: email.id }))).toMatchObject({
      ok: false,
      message: "You are not allowed to do that.",
    });
    actAs(users.staff);
    expect(await retryEmailAction(null, form({ id: email.id, extra: "x" }))).toMatchObject({ ok: false });
    expect(await retryEmailAction(null, form({ id: email.id }))).toMatchObject({ ok: true });
    expect(await row(email.id)).toMatchObject({ status: "outbox", attempts: 0 });
    expect(await retryEmailAction(null, form({ id: email.id }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/this one is outbox/),
    });
    const audit = await listAuditLog({ page: 1, action: "email.retry" });
    expect(audit.rows[0]).toMatchObject({ actorEmail: users.staff.email, targetId: email.id });

    expect(await mail.pass()).toMatchObject({ sent: 1 });
    expect(delivered(email.id)).toHaveLength(1);
    expect((await getHealth()).emails.failed).toBe(failedBefore);
  });

  it("fails at once, without retrying, when the server refuses the recipient for good (550)", async () => {
    mail.sink.rejectRecipients((address) => address === "no-such-user@example.test");
    const email = await queueTestEmail("no-such-user@example.test");
    expect(await mail.pass()).toMatchObject({ failed: 1 });
    expect(await row(email.id)).toMatchObject({ status: "failed", attempts: 1, error: expect.stringMatching(/550/) });
  });

  it("gives up on an email that could not be sent within its maximum age instead of sending stale news", async () => {
    const email = await queueTestEmail("stale@example.test");
    mail.advance(maxAgeMs + 60_000);
    expect(await mail.pass()).toMatchObject({ failed: 1 });
    expect(await row(email.id)).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/Not sent within 72 hours/),
    });
    expect(delivered(email.id)).toHaveLength(0);
  });
});
