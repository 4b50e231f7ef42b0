// Order emails through a real SMTP server: what arrives (headers, HTML and text parts, links to
// APP_URL) and that codes stay out of emails unless the owner turns them on, and then only in
// the buyer's copy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptJson } from "@/lib/crypto/codes-cipher";
import { db } from "@/lib/db";
import { codesInEmailKey } from "@/lib/mail/codes-in-email";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import type { SinkMessage } from "../../helpers/smtp-sink.mjs";
import { checkout, createHarness, type Harness } from "../orders/harness";
import { createMailHarness, type MailHarness } from "./helpers";

let h: Harness;
let mail: MailHarness;

beforeAll(async () => {
  h = await createHarness();
  mail = await createMailHarness();
});
afterAll(async () => {
  await mail.close();
  await h.close();
});

async function buyInstant(email: string) {
  const r = await checkout(h, [{ itemCode: "TEST-INSTANT", quantity: 2 }], { email });
  if (!r.ok) throw new Error(r.message);
  await fulfilPaidOrder(r.orderId, h.now());
  const order = await db.order.findUniqueOrThrow({ where: { id: r.orderId }, include: { lines: true } });
  const codes = decryptJson<{ code: string }[]>(order.lines[0].codesEnc!).map((c) => c.code);
  expect(codes).toHaveLength(2);
  return { order, codes, url: `http://shop.test/orders/${order.token}` };
}

const to = (address: string) => (m: SinkMessage) => m.to.includes(address);

describe("order emails over SMTP", () => {
  it("delivers the order and codes-ready emails with both parts, the outbox id as Message-ID and links to the order page", async () => {
    const { order, codes, url } = await buyInstant("ada@example.test");
    expect(await mail.pass()).toMatchObject({ sent: 2, retried: 0, failed: 0 });
    const rows = await db.outboxEmail.findMany({ where: { orderId: order.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.kind, r.status, r.attempts])).toEqual([
      ["order_received", "sent", 1],
      ["delivered", "sent", 1],
    ]);
    const got = mail.sink.messages.filter(to("ada@example.test"));
    expect(got).toHaveLength(2);
    const [received, ready] = rows.map((r) => got.find((m) => m.messageId === `<${r.id}@localhost>`)!);

    expect(received.from).toBe('"Giftly" <orders@localhost>');
    expect(received.subject).toMatch(/^Giftly: order GF-[2-9A-HJKMNP-TV-Z]{6} confirmed$/);
    expect(received.contentType).toBe("multipart/alternative");
    expect(received.html).toContain(`href="${url}"`);
    expect(received.html).toMatch(/2 × TEST-INSTANT/);
    expect(received.html).toContain("$2.20");
    expect(received.text).toContain(`Follow your order ${url}`);
    expect(received.text).toMatch(/Total\s+\$2\.20/);

    expect(ready.subject).toBe("Giftly: your TEST-INSTANT codes are ready");
    expect(ready.html).toContain(`href="${url}"`);
    expect(ready.text).toContain(`See your codes ${url}`);
    for (const code of codes) {
      expect(ready.raw).not.toContain(code);
      expect(received.raw).not.toContain(code);
    }
  });

  it("puts the codes in the buyer's email only when the owner turned it on, keeping none in the outbox", async () => {
    await db.setting.upsert({
      where: { key: codesInEmailKey },
      create: { key: codesInEmailKey, value: "true" },
      update: { value: "true" },
    });
    try {
      const { order, codes, url } = await buyInstant("grace@example.test");
      const row = await db.outboxEmail.findFirstOrThrow({ where: { orderId: order.id, kind: "delivered" } });
      expect(row.secretEnc).not.toBeNull();
      for (const code of codes) expect(`${row.text}${row.html}${row.secretEnc}`).not.toContain(code);
      expect(row.text).toContain("(sent to the buyer only)");

      await mail.pass();
      const ready = mail.sink.messages.find((m) => m.messageId === `<${row.id}@localhost>`)!;
      expect(ready.to).toEqual(["grace@example.test"]);
      for (const code of codes) {
        expect(ready.text).toContain(code);
        expect(ready.html).toContain(code);
      }
      expect(ready.text).toContain(`Open your order ${url}`);
      const after = await db.outboxEmail.findUniqueOrThrow({ where: { id: row.id } });
      expect(after).toMatchObject({ status: "sent", secretEnc: null });
    } finally {
      await db.setting.delete({ where: { key: codesInEmailKey } });
    }
  });

  it("leaves emails in the outbox, unsent, when no SMTP is configured", async () => {
    const { order } = await buyInstant("no-smtp@example.test");
    expect(await mail.pass({ transport: null })).toMatchObject({ sent: 0 });
    const rows = await db.outboxEmail.findMany({ where: { orderId: order.id } });
    expect(rows.map((r) => r.status)).toEqual(["outbox", "outbox"]);
    await mail.pass();
  });
});
