import { describe, expect, it } from "vitest";
import { readRawBody } from "@/lib/webhooks/read-body";

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request("http://shop.test/hook", { method: "POST", body, headers });
}

describe("readRawBody", () => {
  it("returns the exact bytes, including ones that are not valid UTF-8", async () => {
    const bytes = new Uint8Array([0x7b, 0xff, 0x00, 0x0d, 0x0a, 0x7d]);
    const r = await readRawBody(post(bytes));
    expect(r.ok && Array.from(r.bytes)).toEqual(Array.from(bytes));
  });

  it("stops reading a streamed body past the limit and keeps a prefix of at most the limit", async () => {
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(1000).fill(0x61)); // endless: must be cancelled
      },
    });
    const r = await readRawBody(new Request("http://shop.test/hook", { method: "POST", body: stream, duplex: "half" } as RequestInit), 2500);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.size).toBe(3000);
      expect(r.prefix.byteLength).toBe(2500);
    }
  });

  it("refuses from a declared Content-Length over the limit without reading", async () => {
    const r = await readRawBody(post("{}", { "content-length": "99999" }), 1000);
    expect(r).toMatchObject({ ok: false, size: 99999 });
  });

  it("accepts a body exactly at the limit", async () => {
    const r = await readRawBody(post("a".repeat(1000)), 1000);
    expect(r.ok).toBe(true);
  });
});
