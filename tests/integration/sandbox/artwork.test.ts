// The sandbox draws its own brand artwork and its catalog's image_url points at it, so the demo
// shop shows real-looking tiles without any outside request.
import { afterAll, describe, expect, it } from "vitest";
import { brands } from "@/lib/sandbox/catalog-data";
import { resolveImageUrl, serveArtwork } from "@/lib/sandbox/artwork";
import { call, makeSandbox } from "./sandbox-helpers";

const sb = makeSandbox({ baseUrl: "https://shop.example/sandbox/v1" });
afterAll(() => sb.close());

describe("sandbox artwork", () => {
  it("points every catalog row's image_url at the sandbox's own artwork", async () => {
    const r = await call(sb, "GET", "/catalog?per_page=100&include_test=true");
    const urls = (r.body.data.products as { image_url: string; item_code: string }[]).map((p) => p.image_url);
    expect(urls.length).toBeGreaterThan(50);
    for (const url of urls) expect(url).toMatch(/^https:\/\/shop\.example\/sandbox\/artwork\/[a-z0-9-]+\.svg$/);
  });

  it("draws an SVG for every brand, which cannot run script even when opened directly", async () => {
    for (const b of brands) {
      const res = serveArtwork(`${b.code.toLowerCase()}.svg`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
      const svg = await res.text();
      expect(svg).not.toMatch(/<script|href=|on\w+=/i);
    }
    expect(await serveArtwork("disney.svg").text()).toContain("Disney+");
    expect(serveArtwork("nope.svg").status).toBe(404);
    expect(serveArtwork("../steam.svg").status).toBe(404);
  });

  it("moves catalogs generated before artwork existed onto it", () => {
    expect(resolveImageUrl("https://img.sandbox.test/brands/steam.png", "http://localhost:3000/sandbox/v1")).toBe(
      "http://localhost:3000/sandbox/artwork/steam.svg",
    );
    expect(resolveImageUrl("https://cdn.example/x.png", "http://localhost:3000/sandbox/v1")).toBe(
      "https://cdn.example/x.png",
    );
  });
});
