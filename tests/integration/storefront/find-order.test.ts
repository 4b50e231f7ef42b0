// "Find my order" (issue 14 item 7): the link is emailed, never shown; the answer is the same
// whether or not an order matched; attempts are limited per client and per email.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { admitFindOrder, findOrderLimits, sendOrderLinkIfMatch } from "@/lib/orders/view/find-order";
import { sentText } from "../../helpers/outbox-mail";
import { checkout, createHarness, type Harness } from "../orders/harness";

let h: Harness;
let reference: string;
let token: string;
let orderId: string;
const now = new Date("2026-11-25T12:00:00Z");

beforeAll(async () => {
  h = await createHarness();
  const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }], { email: "finder@example.com" });
  if (!r.ok) throw new Error(r.message);
  token = r.token;
  orderId = r.orderId;
  reference = (await db.order.findUniqueOrThrow({ where: { id: r.orderId } })).reference!;
});
afterAll(async () => h.close());

const linkEmails = () => db.outboxEmail.findMany({ where: { kind: "order_link" } });

describe("find my order", () => {
  it("emails the order link to the order's address when email and reference match", async () => {
    const admitted = await admitFindOrder(
      { email: " Finder@Example.com ", reference: reference.toLowerCase().replace("-", " ") },
      "client-a",
      now,
    );
    expect(admitted.ok).toBe(true);
    if (!admitted.ok) return;
    expect(await sendOrderLinkIfMatch(admitted.input, now)).toBe(true);
    const [email] = await linkEmails();
    expect(email).toMatchObject({ to: "finder@example.com", orderId });
    expect(email!.subject).toContain(reference);
    expect(email!.text).not.toContain(token);
    expect(sentText(email!)).toContain(`/orders/${token}`);
  });

  it("sends nothing for a wrong email or reference, and answers the same", async () => {
    const before = (await linkEmails()).length;
    for (const input of [
      { email: "someone-else@example.com", reference },
      { email: "finder@example.com", reference: "GF-ZZZZZZ" },
    ]) {
      const admitted = await admitFindOrder(input, "client-b", now);
      expect(admitted.ok).toBe(true);
      if (admitted.ok) expect(await sendOrderLinkIfMatch(admitted.input, now)).toBe(false);
    }
    expect((await linkEmails()).length).toBe(before);
  });

  it("refuses a malformed reference with a field message", async () => {
    const r = await admitFindOrder({ email: "finder@example.com", reference: "not a ref" }, "client-c", now);
    expect(r).toMatchObject({ ok: false, fieldErrors: { reference: [expect.stringContaining("GF-")] } });
  });

  it("limits attempts per client, the same way for an email with orders and one without", async () => {
    const answers = [];
    for (let i = 0; i < findOrderLimits.perClient.limit + 1; i++) {
      answers.push(await admitFindOrder({ email: `nobody${i}@example.com`, reference: "GF-222222" }, "client-d", now));
    }
    expect(answers.slice(0, -1).every((a) => a.ok)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ ok: false, message: expect.stringMatching(/^Too many attempts/) });
    const known = await admitFindOrder({ email: "finder@example.com", reference }, "client-d", now);
    expect(known).toEqual(answers.at(-1));
  });

  it("limits attempts per email across clients", async () => {
    const email = "spread@example.com";
    const results = [];
    for (let i = 0; i < findOrderLimits.perEmail.limit + 1; i++)
      results.push((await admitFindOrder({ email, reference: "GF-222222" }, `client-e${i}`, now)).ok);
    expect(results).toEqual([true, true, true, false]);
  });

  it("sends one email per order per ten minutes however often it is asked", async () => {
    const before = (await linkEmails()).length;
    const later = new Date(now.getTime() + 11 * 60_000);
    const input = { email: "finder@example.com", reference };
    await sendOrderLinkIfMatch(input, later);
    await sendOrderLinkIfMatch(input, later);
    expect((await linkEmails()).length).toBe(before + 1);
  });
});
