// Reset and verification links are secrets: the outbox row holds no usable link (only a masked
// copy), the link itself is stored encrypted for the sender, survives retries, and is wiped once
// the email is sent. A token read straight from the database opens nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/accounts";
import { requestPasswordReset, resetPassword } from "@/lib/auth/password-reset";
import { sendVerificationEmail, verifyEmailToken } from "@/lib/auth/verification";
import { db } from "@/lib/db";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { sendEmail } from "@/lib/mail/send-email";
import { createMailHarness, type MailHarness } from "../mail/helpers";

let mail: MailHarness;
beforeAll(async () => {
  mail = await createMailHarness();
});
afterAll(() => mail.close());

/** Everything the row holds as text, as anyone reading the table sees it. */
async function rawRow(to: string, kind: string) {
  const row = await db.outboxEmail.findFirstOrThrow({ where: { to, kind }, orderBy: { createdAt: "desc" } });
  return { row, all: [row.subject, row.text, row.html ?? "", row.secretEnc ?? ""].join("\n") };
}

/** Every token-looking query value in a text (the link's secret, if it is there in clear). */
function tokensIn(text: string): string[] {
  return [...text.matchAll(/[?&;]token=([\w-]{20,})/g)].map((m) => m[1]!);
}

describe("secret links in the outbox", () => {
  it("a reset token read from the outbox table cannot reset the password", async () => {
    const user = await createUser({ email: "vault-reset@example.test", password: "old-password-1", role: "shopper" });
    await requestPasswordReset(user.email, "10.61.0.1");
    await waitForAfterResponseTasks();
    const { all } = await rawRow(user.email, "password_reset");
    for (const token of tokensIn(all)) expect(await resetPassword(token, "stolen-password-1", "10.61.0.2")).toBe(false);
    expect(all).toContain("/reset-password?token=");
  });

  it("a verification token read from the outbox table does not verify the email", async () => {
    const user = await createUser({ email: "vault-verify@example.test", password: "pw-0123456789", role: "shopper" });
    await sendVerificationEmail(user);
    const { all } = await rawRow(user.email, "verify_email");
    for (const token of tokensIn(all)) expect(await verifyEmailToken(token)).toBeNull();
    expect(all).toContain("/verify-email?token=");
  });

  it("sends the working link, after a failed attempt too, and keeps only the masked copy once sent", async () => {
    const user = await createUser({ email: "vault-send@example.test", password: "old-password-1", role: "shopper" });
    await requestPasswordReset(user.email, "10.61.0.3");
    await waitForAfterResponseTasks();
    const { row } = await rawRow(user.email, "password_reset");
    mail.sink.refuseNext(1);
    expect(await mail.pass()).toMatchObject({ retried: 1 });
    mail.advance(60_000);
    expect(await mail.pass()).toMatchObject({ sent: 1 });
    const received = mail.sink.messages.find((m) => m.to.includes(user.email))!;
    const [token] = tokensIn(received.text);
    expect(token).toBeDefined();
    const after = await db.outboxEmail.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.secretEnc).toBeNull();
    expect(tokensIn(`${after.text}\n${after.html}`)).toEqual([]);
    expect(await resetPassword(token!, "new-password-12", "10.61.0.3")).toBe(true);
  });

  it("keeps an order link out of the stored row too", async () => {
    const orderToken = "Qm9yZGVyLXRva2VuLWZvci10aGUtb3V0Ym94LXRlc3Q";
    await sendEmail({
      to: "vault-order@example.test",
      kind: "order_link",
      dedupeKey: "vault-order-link",
      subject: "Giftly: your order",
      text: `Open your order:\n\nhttp://shop.test/orders/${orderToken}\n`,
    });
    const { all } = await rawRow("vault-order@example.test", "order_link");
    expect(all).not.toContain(orderToken);
    expect(all).toContain("/orders/");
  });
});
