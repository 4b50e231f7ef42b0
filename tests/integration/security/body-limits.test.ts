// No route reads more of a body than it allows: a 5 MB chunked post (no Content-Length, as a
// streaming client sends it) is refused after at most the route's cap plus one chunk, and a
// declared Content-Length over the cap is refused before a byte is read.
import { describe, expect, it } from "vitest";
import { POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { PATCH as cartPatch, POST as cartPost } from "@/app/api/cart/route";
import { POST as checkout } from "@/app/api/checkout/route";
import { POST as quote } from "@/app/api/checkout/quote/route";
import { POST as reveal } from "@/app/api/orders/[token]/reveal/route";
import { POST as sandboxV1 } from "@/app/sandbox/v1/[...path]/route";
import { NextRequest } from "next/server";

const chunk = 64 * 1024;
const total = 5 * 1024 * 1024;

/** A chunked JSON-looking body of `total` bytes that counts how much of it was pulled. */
function streamed(url: string, headers: Record<string, string> = { "content-type": "application/json" }) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(0x20));
    },
  });
  const request = new NextRequest(url, { method: "POST", headers, body, duplex: "half" } as ConstructorParameters<
    typeof NextRequest
  >[1]);
  return { request, pulled: () => pulled };
}

const token = "a".repeat(43);
const routes: [string, (r: NextRequest) => Promise<Response>, number][] = [
  ["POST /api/checkout/quote", (r) => quote(r), 32 * 1024],
  ["POST /api/checkout", (r) => checkout(r), 32 * 1024],
  ["POST /api/cart", (r) => cartPost(r), 32 * 1024],
  ["PATCH /api/cart", (r) => cartPatch(r), 32 * 1024],
  ["POST /api/orders/[token]/reveal", (r) => reveal(r, { params: Promise.resolve({ token }) }), 1024],
  [
    "POST /api/auth/callback/credentials",
    (r) => authPost(r, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) }),
    16 * 1024,
  ],
  ["POST /sandbox/v1/orders", (r) => sandboxV1(r), 64 * 1024],
];

describe("request bodies", () => {
  for (const [name, call, cap] of routes) {
    it(`${name} stops reading a 5 MB chunked body past its cap`, async () => {
      const { request, pulled } = streamed(
        `http://shop.test/x`,
        name.includes("auth") ? { "content-type": "application/x-www-form-urlencoded" } : undefined,
      );
      const res = await call(request);
      expect([413, 422]).toContain(res.status);
      // What the reader asked for: the cap, one chunk past it, and what the stream buffers ahead.
      expect(pulled()).toBeLessThanOrEqual(cap + 3 * chunk);
    });
  }

  it("the cart and the checkout APIs refuse a cross-site form's text/plain body before acting on it", async () => {
    for (const [name, call] of [
      ["POST /api/cart", cartPost],
      ["PATCH /api/cart", cartPatch],
      ["POST /api/checkout/quote", quote],
      ["POST /api/checkout", checkout],
    ] as const) {
      const request = new NextRequest("http://shop.test/x", {
        method: name.startsWith("PATCH") ? "PATCH" : "POST",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify({ itemCode: "TEST-INSTANT", quantity: 1, items: [] }),
      });
      expect((await call(request)).status, name).toBe(415);
    }
  });

  it("refuses a declared Content-Length over the cap without reading the body", async () => {
    const { request, pulled } = streamed("http://shop.test/api/checkout/quote", {
      "content-type": "application/json",
      "content-length": String(total),
    });
    expect((await quote(request)).status).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(2 * chunk);
  });
});
