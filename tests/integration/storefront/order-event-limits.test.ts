// What an order-status stream costs the shop (docs/going-live.md#per-client-limits): a client
// may hold a few streams and an order a few more, past that the answer is 429 with Retry-After
// (the page then polls); and every open stream of an instance is served by one shared change
// feed, so a change costs one database read however many streams watch it.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/orders/[token]/events/route";
import { db } from "@/lib/db";
import { transitionOrder } from "@/lib/orders/core/transition";
import { fromClient } from "../../helpers/client-headers";
import { cards, checkout, createHarness, type Harness } from "../orders/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const params = (token: string) => ({ params: Promise.resolve({ token }) });
type Open = { res: Response; leave: () => void };
const opened: Open[] = [];

afterEach(async () => {
  for (const s of opened.splice(0)) s.leave();
  vi.restoreAllMocks();
});

/** An order still waiting for its payment (the delayed TEST card): its page keeps a stream open. */
async function pendingOrder() {
  const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }], { card: cards.delayed });
  if (!r.ok) throw new Error(r.message);
  return { token: r.token, orderId: r.orderId };
}

async function open(token: string, client: string): Promise<Open> {
  const ac = new AbortController();
  const res = await GET(new Request("http://x", { headers: fromClient(client), signal: ac.signal }), params(token));
  const s = {
    res,
    leave: () => {
      ac.abort();
      void res.body?.cancel().catch(() => undefined);
    },
  };
  opened.push(s);
  return s;
}

/** Reads a stream until it has sent `event` (the stream's bytes arrive as they are sent). */
async function readUntil(res: Response, event: string): Promise<void> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes(`event: ${event}\n`)) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error(`stream ended without ${event}`);
    text += decoder.decode(chunk.value);
  }
  reader.releaseLock();
}

describe("order stream caps", () => {
  it("refuses a fifth stream from one client, and takes it again once one is closed", async () => {
    const { token } = await pendingOrder();
    const held: Open[] = [];
    for (let i = 0; i < 4; i++) held.push(await open(token, "203.0.113.5"));
    for (const s of held) expect(s.res.status).toBe(200);

    const fifth = await open(token, "203.0.113.5");
    expect(fifth.res.status).toBe(429);
    expect(Number(fifth.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await fifth.res.json()).toMatchObject({ code: "rate_limited" });
    // Another client is not held back by this one.
    expect((await open(token, "203.0.113.6")).res.status).toBe(200);

    held[0]!.leave();
    expect((await open(token, "203.0.113.5")).res.status).toBe(200);
  });

  it("refuses a ninth stream on one order, whoever asks", async () => {
    const { token } = await pendingOrder();
    for (let i = 1; i <= 8; i++) expect((await open(token, `198.51.100.${i}`)).res.status).toBe(200);
    const ninth = await open(token, "198.51.100.9");
    expect(ninth.res.status).toBe(429);
    expect(Number(ninth.res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another order's page still gets its stream.
    const other = await pendingOrder();
    expect((await open(other.token, "198.51.100.9")).res.status).toBe(200);
  });
});

describe("one change feed per instance", () => {
  it("serves many streams of an instance with one database read per tick", async () => {
    const { token, orderId } = await pendingOrder();
    const streams: Open[] = [];
    for (let i = 1; i <= 8; i++) streams.push(await open(token, `192.0.2.${i}`));
    for (const s of streams) await readUntil(s.res, "update");

    await transitionOrder(orderId, "awaiting_payment", "cancelled", {
      cause: "payment",
      message: "Your payment was declined.",
    });
    // Counted from the commit on: every stream must learn of the change, and each read of the
    // order (one query for all watched orders) is a tick of the shared feed, not one per stream.
    const reads = [vi.spyOn(db.order, "findUnique"), vi.spyOn(db.order, "findMany")];
    for (const s of streams) await readUntil(s.res, "end");
    const count = reads.reduce((n, spy) => n + spy.mock.calls.length, 0);
    expect(count).toBeLessThanOrEqual(2);
  });
});
