import { describe, expect, it } from "vitest";
import { readBodyBytes, readJsonBody, withCappedBody } from "./read-body";

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request("http://shop.test/hook", { method: "POST", body, headers });
}

/**
 * A chunked body far over every limit here (no Content-Length). It ends after 10 MB so that a
 * reader that does not stop fails the test instead of hanging it.
 */
function endless(): Request {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= 10 * 1024 * 1024) return controller.close();
      sent += 1000;
      controller.enqueue(new Uint8Array(1000).fill(0x61));
    },
  });
  return new Request("http://shop.test/hook", { method: "POST", body: stream, duplex: "half" } as RequestInit);
}

describe("readBodyBytes", () => {
  it("returns the exact bytes, including ones that are not valid UTF-8", async () => {
    const bytes = new Uint8Array([0x7b, 0xff, 0x00, 0x0d, 0x0a, 0x7d]);
    const r = await readBodyBytes(post(bytes), 1000);
    expect(r.ok && Array.from(r.bytes)).toEqual(Array.from(bytes));
  });

  it("stops reading a streamed body past the limit and keeps only a short prefix", async () => {
    const r = await readBodyBytes(endless(), 2500);
    expect(r).toMatchObject({ ok: false, size: 3000 });
    if (!r.ok) expect(r.prefix.byteLength).toBe(1024);
  });

  it("refuses from a declared Content-Length over the limit without reading", async () => {
    expect(await readBodyBytes(post("{}", { "content-length": "99999" }), 1000)).toMatchObject({
      ok: false,
      size: 99999,
    });
  });

  it("accepts a body exactly at the limit", async () => {
    expect((await readBodyBytes(post("a".repeat(1000)), 1000)).ok).toBe(true);
  });
});

describe("readJsonBody", () => {
  const json = { "content-type": "application/json" };

  it("parses JSON sent as application/json", async () => {
    expect(await readJsonBody(post('{"a":1}', json))).toEqual({ ok: true, value: { a: 1 } });
  });

  it("refuses a form's text/plain body (415), an oversized one (413) and broken JSON (400)", async () => {
    const statusOf = async (r: Awaited<ReturnType<typeof readJsonBody>>) => (r.ok ? 200 : r.response.status);
    expect(await statusOf(await readJsonBody(post('{"a":1}', { "content-type": "text/plain" })))).toBe(415);
    expect(await statusOf(await readJsonBody(endless().clone(), { limit: 5000 }))).toBe(415);
    const big = new Request("http://shop.test/x", {
      method: "POST",
      body: endless().body,
      headers: json,
      duplex: "half",
    } as RequestInit);
    expect(await statusOf(await readJsonBody(big, { limit: 5000 }))).toBe(413);
    expect(await statusOf(await readJsonBody(post("{nope", json)))).toBe(400);
  });

  it("reads an empty optional body as {}", async () => {
    expect(await readJsonBody(post(null), { optional: true })).toEqual({ ok: true, value: {} });
  });
});

describe("withCappedBody", () => {
  it("hands on a readable copy within the cap and refuses past it", async () => {
    const r = await withCappedBody(post("email=a%40b.c", { "content-type": "application/x-www-form-urlencoded" }), 100);
    expect(r.ok && (await r.request.text())).toBe("email=a%40b.c");
    const big = await withCappedBody(endless(), 5000);
    expect(big.ok ? 200 : big.response.status).toBe(413);
  });
});
