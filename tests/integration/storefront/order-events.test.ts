// GET /api/orders/[token]/events: the order page's push channel. It sends the current view at
// once, every change as it lands in the database (whichever process made it), and ends when
// the order is settled; unknown links get the status API's 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/orders/[token]/events/route";
import { createOrderToken } from "@/lib/orders/checkout/place-order";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { checkout, createHarness, type Harness } from "../orders/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ settleMs: 3000 });
});
afterAll(async () => h.close());

const params = (token: string) => ({ params: Promise.resolve({ token }) });
type Event = { event: string; data: string };

/** A reader of server-sent events: `until` reads on until the condition holds (or the stream ends). */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: Event[] = [];
  let buffer = "";
  return {
    events,
    async until(done: (events: Event[]) => boolean): Promise<Event[]> {
      while (!done(events)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value);
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) events.push({ event, data });
        }
      }
      return events;
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

describe("order events", () => {
  it("answers an unknown link with 404 and no stream", async () => {
    const res = await GET(new Request("http://x"), params(createOrderToken()));
    expect(res.status).toBe(404);
  });

  it("pushes a pending order's delivery as soon as it is recorded, then ends", async () => {
    const r = await checkout(h, [{ itemCode: "TEST-PENDING" }]);
    if (!r.ok) throw new Error(r.message);
    await fulfilPaidOrder(r.orderId, h.now());
    const client = new AbortController();
    const res = await GET(new Request("http://x", { signal: client.signal }), params(r.token));
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("cache-control")).toContain("no-store");

    const stream = eventReader(res.body!);
    const [first] = await stream.until((e) => e.length >= 1);
    expect(first.event).toBe("update");
    expect(JSON.parse(first.data)).toMatchObject({ pending: true, lines: [{ status: "pending_upstream" }] });

    // Settled by a reconciler pass (as another instance would), while the stream is open.
    h.control.settleNow();
    await h.advance(20_000);
    await reconcileOnce({ now: h.now() });
    const events = await stream.until((e) => e.some((x) => x.event === "end"));
    const last = events.filter((e) => e.event === "update").at(-1)!;
    expect(JSON.parse(last.data)).toMatchObject({
      pending: false,
      lines: [{ status: "delivered", statusLabel: "Delivered" }],
    });
    expect(last.data).not.toMatch(/codesEnc|"code"/);
    expect(events.at(-1)).toEqual({ event: "end", data: "final" });
    await stream.cancel();
    client.abort();
  });
});
