// Alerts posted to a chat tool: once per notice, signed (HMAC-SHA256 over "<timestamp>.<body>"),
// retried with growing waits when the tool refuses, never posted twice, never to a private address.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMonitorPass } from "@/lib/alerts/monitor";
import { db, Prisma } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import type { OutboundDeps } from "@/lib/http/outbound-guard";
import { recordBalanceRead } from "@/lib/wallet/estimate";

const secret = "chat-webhook-secret-0123456789";
const start = Date.parse("2026-11-25T12:00:00Z");
type Post = { url: string; headers: Headers; body: string };
const posts: Post[] = [];
let answer = 500;

let chatAddress = "93.184.216.34";
// The chat tool's name resolves without the network; the connection is this fake.
const outbound: OutboundDeps = {
  resolve: async () => [{ address: chatAddress, family: 4 }],
  ownAddresses: () => [],
  transport: async (url, init) => {
    posts.push({ url: url.href, headers: new Headers(init.headers), body: String(init.body) });
    return new Response("", { status: answer });
  },
};

beforeAll(async () => {
  process.env.ALERT_WEBHOOK_URL = "https://chat.example/hooks/abc";
  process.env.ALERT_WEBHOOK_SECRET = secret;
  resetEnvForTests();
  await db.user.create({ data: { email: "owner@shop.test", passwordHash: "not-used", role: "owner" } });
});
afterAll(() => {
  delete process.env.ALERT_WEBHOOK_URL;
  delete process.env.ALERT_WEBHOOK_SECRET;
  resetEnvForTests();
});

const at = (ms: number) => new Date(start + ms);
const pass = (ms: number) => runMonitorPass(at(ms), { readBalance: false, outbound });

describe("alerts to a chat webhook", () => {
  it("posts each notice once, signed, and retries a refused post", async () => {
    await recordBalanceRead({ balance: "12.00", currency: "USD" }, at(0), new Prisma.Decimal(0));
    await pass(0);
    expect(posts).toHaveLength(1); // refused with a 500
    await pass(10_000);
    expect(posts).toHaveLength(1); // the retry waits 30 s
    answer = 200;
    await pass(31_000);
    await pass(60_000);
    expect(posts).toHaveLength(2);

    const { url, headers, body } = posts[1]!;
    expect(url).toBe("https://chat.example/hooks/abc");
    const timestamp = headers.get("x-alert-timestamp")!;
    const expected = crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
    expect(headers.get("x-alert-signature")).toBe(`v1=${expected}`);
    expect(JSON.parse(body)).toMatchObject({
      alert: "low_balance",
      state: "firing",
      incident: 1,
      title: "Upstream balance low",
      text: expect.stringMatching(/^\[alert\] Upstream balance low: /),
    });
    expect(await db.alertWebhook.findFirstOrThrow()).toMatchObject({ status: "sent", attempts: 2 });

    await recordBalanceRead({ balance: "800.00", currency: "USD" }, at(120_000), new Prisma.Decimal(0));
    await pass(120_000);
    await pass(180_000);
    expect(posts.map((p) => (JSON.parse(p.body) as { state: string }).state)).toEqual(["firing", "firing", "cleared"]);
  });

  it("never posts to a receiver whose name resolves to a private address; the notice waits for a retry", async () => {
    chatAddress = "10.0.0.9";
    const before = posts.length;
    await recordBalanceRead({ balance: "11.00", currency: "USD" }, at(300_000), new Prisma.Decimal(0));
    await pass(300_000);
    expect(posts.length).toBe(before);
    const refused = await db.alertWebhook.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    expect(refused).toMatchObject({ status: "pending", attempts: 1, error: "OutboundRefusedError" });
  });
});
