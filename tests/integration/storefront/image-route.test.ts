// The image route (issue 14 item 2): only image URLs the catalog holds, resized and cached, long
// immutable caching, a neutral tile when the original cannot be had, never an open proxy.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { imageKeyOf } from "@/lib/catalog/family";
import { resetEnvForTests } from "@/lib/env";
import { serveCatalogImage } from "@/lib/images/serve-image";

// Names resolve without the network: internal.example points at a private address.
const resolve = async (host: string) => (host === "internal.example" ? ["10.0.0.7"] : ["93.184.216.34"]);
import { createProducts } from "@/tests/helpers/catalog-fixtures";

let png: Buffer;
const calls: string[] = [];
const upstream = async (url: string) => {
  calls.push(url);
  if (url.includes("moved"))
    return new Response(null, { status: 302, headers: { Location: "http://169.254.169.254/latest/meta-data" } });
  if (url.includes("broken")) return new Response("nope", { status: 500 });
  if (url.includes("page.html")) return new Response("<html></html>", { headers: { "Content-Type": "text/html" } });
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png" } });
};

beforeAll(async () => {
  vi.stubEnv("IMAGE_CACHE_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "shop-img-")));
  vi.stubEnv("SANDBOX_ENABLED", "true");
  vi.stubEnv("APP_URL", "http://shop.test");
  resetEnvForTests();
  png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#1b4f80" } })
    .png()
    .toBuffer();
  await createProducts([
    { itemCode: "IMG-OK", brandName: "Steam", imageUrl: "https://cdn.example/steam.png" },
    { itemCode: "IMG-BROKEN", brandName: "Broken", imageUrl: "https://cdn.example/broken.png" },
    { itemCode: "IMG-HTML", brandName: "Html", imageUrl: "https://cdn.example/page.html" },
    { itemCode: "IMG-LOCAL", brandName: "Local", imageUrl: "http://127.0.0.1:8080/admin.png" },
    { itemCode: "IMG-REBIND", brandName: "Rebind", imageUrl: "https://internal.example/x.png" },
    { itemCode: "IMG-MOVED", brandName: "Moved", imageUrl: "https://cdn.example/moved.png" },
    { itemCode: "IMG-SANDBOX", brandName: "Steam", imageUrl: "http://shop.test/sandbox/artwork/steam.svg" },
  ]);
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("image route", () => {
  it("serves a catalog image resized to the asked width as WebP, cached for a year, fetched once", async () => {
    const key = imageKeyOf("https://cdn.example/steam.png");
    const res = await serveCatalogImage(key, "240", upstream, resolve);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([240, 180]);
    const before = calls.length;
    const again = await serveCatalogImage(key, "240", upstream, resolve);
    expect(again.status).toBe(200);
    expect(calls.length).toBe(before);
  });

  it("is never an open proxy: unknown keys and widths answer 404 without a fetch", async () => {
    const before = calls.length;
    expect((await serveCatalogImage(imageKeyOf("https://evil.example/x.png"), "240", upstream, resolve)).status).toBe(
      404,
    );
    expect(
      (await serveCatalogImage(imageKeyOf("https://cdn.example/steam.png"), "241", upstream, resolve)).status,
    ).toBe(404);
    expect((await serveCatalogImage("../../etc/passwd", "240", upstream, resolve)).status).toBe(404);
    expect(calls.length).toBe(before);
  });

  it("serves a short-lived neutral tile when the original fails, is not an image, or is (or redirects) on a private address", async () => {
    for (const url of [
      "https://cdn.example/broken.png",
      "https://cdn.example/page.html",
      "http://127.0.0.1:8080/admin.png",
      "https://internal.example/x.png",
      "https://cdn.example/moved.png",
    ]) {
      const res = await serveCatalogImage(imageKeyOf(url), "240", upstream, resolve);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    }
    expect(calls).not.toContain("http://127.0.0.1:8080/admin.png");
    expect(calls).not.toContain("https://internal.example/x.png");
    expect(calls.filter((c) => c.includes("169.254"))).toEqual([]);
    const before = calls.length;
    await serveCatalogImage(imageKeyOf("https://cdn.example/broken.png"), "240", upstream, resolve);
    expect(calls.length).toBe(before + 1); // a failure is not cached: the next request tries again
  });

  it("draws the sandbox's artwork in-process, as an SVG that cannot run script", async () => {
    const before = calls.length;
    const res = await serveCatalogImage(
      imageKeyOf("http://shop.test/sandbox/artwork/steam.svg"),
      "480",
      upstream,
      resolve,
    );
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await res.text()).toContain(">Steam</text>");
    expect(calls.length).toBe(before);
  });
});
