// Issue 13, item 2: staff read emails without the secrets in them. Order links and
// verification/reset links are masked in every staff view of an email, each view of a body is
// audited, and the takeover path (support signs up with a customer's email and opens the
// verification link from the outbox) is closed.
import crypto from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getOutboxEmail, listOutboxEmails } from "@/lib/admin/outbox/list-emails";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { signUpAction } from "@/lib/auth/sign-up-action";
import { verifyEmailAction } from "@/lib/auth/verify-email-action";
import { db } from "@/lib/db";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { sendLineDeliveredEmail, sendOrderReceivedEmail } from "@/lib/orders/core/order-emails";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";

let users: TestUsers;
const token = crypto.randomBytes(32).toString("base64url");
let orderId = "";

function form(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}

beforeAll(async () => {
  users = await createRoleUsers("mask");
  const order = await db.order.create({
    data: { token, email: "victim@example.test", currency: "USD", total: "10.00", status: "completed" },
  });
  orderId = order.id;
  await sendOrderReceivedEmail({ id: order.id, token, email: order.email });
  await sendLineDeliveredEmail(
    { id: order.id, token, email: order.email },
    { id: "line-1", productName: "Steam 10 USD", isTopup: false },
  );
});
afterEach(() => setSessionOverrideForTests(undefined));

describe("staff views of emails", () => {
  for (const role of ["support", "staff", "owner"] as const) {
    it(`a ${role} reads an order email with the order link masked and the rest readable`, async () => {
      actAs(users[role]);
      const row = await db.outboxEmail.findFirstOrThrow({ where: { orderId, kind: "delivered" } });
      const email = await getOutboxEmail(row.id);
      expect(email).not.toBeNull();
      expect(email!.text).not.toContain(token);
      expect(email!.text).toContain("Your code is waiting on your order page.");
      expect(email!.text).toMatch(/\/orders\/•+/);
      const list = await listOutboxEmails({});
      expect(JSON.stringify(list.rows)).not.toContain(token);
    });
  }

  it("records each view of an email body in the audit log, with who read it", async () => {
    actAs(users.support);
    const row = await db.outboxEmail.findFirstOrThrow({ where: { orderId, kind: "order_received" } });
    const before = await db.auditLog.count({ where: { action: "outbox.view_email", targetId: row.id } });
    await getOutboxEmail(row.id);
    const audits = await db.auditLog.findMany({ where: { action: "outbox.view_email", targetId: row.id } });
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ actorId: users.support.id, actorRole: "support", targetType: "email" });
    expect(audits.at(-1)!.after ?? "").not.toContain(token);
  });

  it("refuses shoppers and signed-out visitors", async () => {
    const row = await db.outboxEmail.findFirstOrThrow({ where: { orderId } });
    actAs(users.shopper);
    await expect(getOutboxEmail(row.id)).rejects.toMatchObject({ code: "forbidden" });
    actAs(null);
    await expect(getOutboxEmail(row.id)).rejects.toMatchObject({ code: "unauthorized" });
  });
});

describe("the takeover path through the outbox", () => {
  it("support signs up with a customer's email but cannot use the verification link it sees", async () => {
    const guest = await db.order.create({
      data: {
        token: crypto.randomBytes(32).toString("base64url"),
        email: "customer@example.test",
        currency: "USD",
        total: "25.00",
        status: "completed",
      },
    });
    actAs(null);
    expect(
      (await signUpAction(null, form({ email: "customer@example.test", password: "support-owns-this-now" }))).ok,
    ).toBe(true);
    await waitForAfterResponseTasks();

    actAs(users.support);
    const { rows } = await listOutboxEmails({});
    const mail = rows.find((r) => r.to === "customer@example.test" && r.kind === "verify_email");
    expect(mail).toBeDefined();
    const seen = (await getOutboxEmail(mail!.id))!.text;
    const stolen = /[?&]token=([^\s&]+)/.exec(seen)?.[1] ?? "";
    expect(stolen).not.toMatch(/^[\w-]{20,}$/);

    actAs(null);
    const attempt = await verifyEmailAction(null, form({ token: stolen || "x".repeat(43) }));
    expect(attempt.ok).toBe(false);
    const account = await db.user.findUniqueOrThrow({ where: { email: "customer@example.test" } });
    expect(account.emailVerifiedAt).toBeNull();
    expect((await db.order.findUniqueOrThrow({ where: { id: guest.id } })).userId).toBeNull();
  });
});
