// proxy.ts rewrites a page to a path of this same server (docs/deployment.md#one-origin-for-rewrites).
// Next serves a rewrite in-process only when its URL has the server's own origin (the host it was
// started on); any other origin is fetched over HTTP — from itself, one more request per page. A
// server started on 127.0.0.1 (the replicas behind nginx, the bench) is handed URLs on 127.0.0.1
// because the config keeps the proxy's URL as received (skipProxyUrlNormalize); the rewrites must
// keep that origin too, never Next's normalised "localhost".
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/markets/url-markets", () => ({
  listUrlMarkets: async () => [
    { slug: "us", languages: ["en"], isDefault: true, countries: ["US"] },
    { slug: "id", languages: ["id", "en"], isDefault: false, countries: ["ID"] },
  ],
}));

const { proxy } = await import("@/proxy");
const origin = "http://127.0.0.1:3303";
const run = (path: string) => proxy(new NextRequest(new URL(path, origin)));

beforeAll(() => {
  // What next.config.mjs's skipProxyUrlNormalize compiles into the proxy.
  process.env.__NEXT_NO_MIDDLEWARE_URL_NORMALIZE = "true";
});
afterAll(() => {
  delete process.env.__NEXT_NO_MIDDLEWARE_URL_NORMALIZE;
});

describe("rewrites on a server started on 127.0.0.1", () => {
  it("keeps the server's own origin for a cached catalog page", async () => {
    const rewrite = (await run("/p/STEAM-EU-20")).headers.get("x-middleware-rewrite");
    expect(new URL(rewrite!).origin).toBe(origin);
  });

  it("keeps it for a page rendered per request and for the not-found page", async () => {
    for (const path of ["/id/cart", "/zz/nothing"]) {
      const rewrite = (await run(path)).headers.get("x-middleware-rewrite");
      expect(new URL(rewrite!).origin).toBe(origin);
    }
  });

  it("keeps it in a redirect to the canonical URL", async () => {
    const location = (await run("/id/id/p/X")).headers.get("location");
    expect(new URL(location!).origin).toBe(origin);
  });
});

describe("the config", () => {
  it("hands the proxy the URL as received", async () => {
    // An untyped .mjs module: read by path so the type check does not ask for its declarations.
    const file = "../../next.config.mjs";
    const config = ((await import(file)) as { default: { skipProxyUrlNormalize?: boolean } }).default;
    expect(config.skipProxyUrlNormalize).toBe(true);
  });
});
