// checkSmtp(): what start-up logs and the settings page shows — configured or not, reachable,
// credentials accepted — without sending anything and without ever throwing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkSmtpAction, saveCodesInEmailAction } from "@/lib/admin/outbox/actions";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { checkSmtp } from "@/lib/mail/check-smtp";
import { getCodesInEmail } from "@/lib/mail/codes-in-email";
import { startSmtpSink, type SmtpSink } from "../../helpers/smtp-sink.mjs";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";

let sink: SmtpSink;
let users: TestUsers;

beforeAll(async () => {
  sink = await startSmtpSink({ auth: { user: "shop", pass: "s3cret:pw" } });
  users = await createRoleUsers("mail-check");
});
afterAll(() => sink.close());
afterEach(() => setSessionOverrideForTests(undefined));

function form(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}

describe("checkSmtp", () => {
  it("passes when the server answers and accepts the credentials, naming the server but never the password", async () => {
    const result = await checkSmtp(sink.url);
    expect(result).toMatchObject({ configured: true, ok: true, target: `smtp://127.0.0.1:${sink.port}` });
    expect(result.message).not.toContain("s3cret");
    expect(sink.messages).toHaveLength(0);
  });

  it("reports wrong credentials and an unreachable server as not usable", async () => {
    const wrong = await checkSmtp(sink.url.replace("s3cret%3Apw", "nope"));
    expect(wrong).toMatchObject({ configured: true, ok: false });
    expect(wrong.message).toMatch(/535|Invalid/);
    const closed = await startSmtpSink();
    const url = closed.url;
    await closed.close();
    expect(await checkSmtp(url)).toMatchObject({
      configured: true,
      ok: false,
      message: expect.stringMatching(/not usable/),
    });
  });

  it("says emails stay in the outbox when SMTP_URL is not set", async () => {
    expect(await checkSmtp(undefined)).toMatchObject({
      configured: false,
      ok: false,
      message: expect.stringMatching(/outbox/),
    });
  });

  it("runs for staff from the settings page, and not for support", async () => {
    actAs(users.support);
    expect(await checkSmtpAction(null)).toMatchObject({ ok: false, message: "You are not allowed to do that." });
    actAs(users.staff);
    expect(await checkSmtpAction(null)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/SMTP_URL is not set/),
    });
  });
});

describe("codes in email setting", () => {
  it("is off by default, only the owner turns it on or off, and each change is audited", async () => {
    expect(await getCodesInEmail()).toBe(false);
    actAs(users.staff);
    expect(await saveCodesInEmailAction(null, form({ codesInEmail: "on" }))).toMatchObject({
      ok: false,
      message: "You are not allowed to do that.",
    });
    expect(await getCodesInEmail()).toBe(false);
    actAs(users.owner);
    expect(await saveCodesInEmailAction(null, form({ codesInEmail: "on" }))).toMatchObject({ ok: true });
    expect(await getCodesInEmail()).toBe(true);
    expect(await saveCodesInEmailAction(null, form({}))).toMatchObject({ ok: true });
    expect(await getCodesInEmail()).toBe(false);
    const audit = await db.auditLog.findMany({
      where: { action: "settings.codes_in_email" },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((a) => [a.actorEmail, a.after])).toEqual([
      [users.owner.email, JSON.stringify({ codesInEmail: true })],
      [users.owner.email, JSON.stringify({ codesInEmail: false })],
    ]);
  });
});
