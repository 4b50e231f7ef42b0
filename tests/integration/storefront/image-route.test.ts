// The image route (issue 14 item 2, issue 23 item 8): only image URLs the catalog holds, fetched
// through the outbound guard, drawn again as WebP within a pixel limit (never the original, SVG
// rasterised), long immutable caching, a neutral tile when the original cannot be had or drawn,
// never an open proxy.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { imageKeyOf } from "@/lib/catalog/family";
import { resetEnvForTests } from "@/lib/env";
import { serveCatalogImage } from "@/lib/images/serve-image";
import { createProducts } from "@/tests/helpers/catalog-fixtures";

// This machine's own address on a network interface (not loopback), if it has one.
const ownAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && !a.internal && a.family === "IPv4")?.address;
// Names resolve without the network: internal.example points at a private address, self.example
// at this machine.
const resolve = async (host: string) => [
  {
    address:
      host === "internal.example"
        ? "10.0.0.7"
        : host === "self.example"
          ? (ownAddress ?? "127.0.0.1")
          : "93.184.216.34",
    family: 4,
  },
];

let png: Buffer;
let namedSvg = "";
const leaks: string[] = [];
const leakServer = http.createServer((req, res) => {
  leaks.push(req.url ?? "");
  res.end();
});
let hugePng: Buffer;
let tiff: Buffer;
const scriptSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><script>alert(document.cookie)</script><rect width="400" height="300" fill="#c00"/></svg>`;

/** A PNG whose header says width × height (the pixels are not there: a decoder reads the header first). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(zlib.crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}
const calls: string[] = [];
const upstream = async (target: URL) => {
  const url = target.href;
  calls.push(url);
  if (url.includes("moved"))
    return new Response(null, { status: 302, headers: { Location: "http://169.254.169.254/latest/meta-data" } });
  if (url.includes("broken")) return new Response("nope", { status: 500 });
  if (url.includes("page.html")) return new Response("<html></html>", { headers: { "Content-Type": "text/html" } });
  if (url.includes("huge.png"))
    return new Response(new Uint8Array(hugePng), { headers: { "Content-Type": "image/png" } });
  if (url.includes("named.svg")) return new Response(namedSvg, { headers: { "Content-Type": "image/svg+xml" } });
  if (url.includes("tiff")) return new Response(new Uint8Array(tiff), { headers: { "Content-Type": "image/tiff" } });
  if (url.includes("vast.svg"))
    return new Response(`<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="6000"/>`, {
      headers: { "Content-Type": "image/svg+xml" },
    });
  if (url.includes("script.svg")) return new Response(scriptSvg, { headers: { "Content-Type": "image/svg+xml" } });
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png" } });
};

// The connection is this fake: it sees the URL (and would see the address the guard pinned).
const deps = { resolve, transport: upstream };

beforeAll(async () => {
  vi.stubEnv("IMAGE_CACHE_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "shop-img-")));
  vi.stubEnv("SANDBOX_ENABLED", "true");
  vi.stubEnv("APP_URL", "http://shop.test");
  resetEnvForTests();
  png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#1b4f80" } })
    .png()
    .toBuffer();
  hugePng = await pngClaiming(30_000, 30_000);
  tiff = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#000" } })
    .tiff()
    .toBuffer();
  await new Promise<void>((done) => leakServer.listen(0, "127.0.0.1", done));
  const leakUrl = `http://127.0.0.1:${(leakServer.address() as AddressInfo).port}`;
  namedSvg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="300"><image href="${leakUrl}/image.png" width="10" height="10"/><image xlink:href="file:///etc/hostname" width="10" height="10"/><use href="${leakUrl}/use.svg#x"/><style>@import url("${leakUrl}/style.css");</style><rect width="400" height="300" fill="#0c0"/></svg>`;
  await createProducts([
    { itemCode: "IMG-HUGE", brandName: "Huge", imageUrl: "https://cdn.example/huge.png" },
    { itemCode: "IMG-TIFF", brandName: "Tiff", imageUrl: "https://cdn.example/photo.tiff" },
    { itemCode: "IMG-NAMED", brandName: "Named", imageUrl: "https://cdn.example/named.svg" },
    { itemCode: "IMG-VAST", brandName: "Vast", imageUrl: "https://cdn.example/vast.svg" },
    { itemCode: "IMG-SVG", brandName: "Script", imageUrl: "https://cdn.example/script.svg" },
    { itemCode: "IMG-SELF", brandName: "Self", imageUrl: "https://self.example/x.png" },
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
  leakServer.close();
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("image route", () => {
  it("serves a catalog image resized to the asked width as WebP, cached for a year, fetched once", async () => {
    const key = imageKeyOf("https://cdn.example/steam.png");
    const res = await serveCatalogImage(key, "240", deps);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([240, 180]);
    const before = calls.length;
    const again = await serveCatalogImage(key, "240", deps);
    expect(again.status).toBe(200);
    expect(calls.length).toBe(before);
  });

  it("is never an open proxy: unknown keys and widths answer 404 without a fetch", async () => {
    const before = calls.length;
    expect((await serveCatalogImage(imageKeyOf("https://evil.example/x.png"), "240", deps)).status).toBe(404);
    expect((await serveCatalogImage(imageKeyOf("https://cdn.example/steam.png"), "241", deps)).status).toBe(404);
    expect((await serveCatalogImage("../../etc/passwd", "240", deps)).status).toBe(404);
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
      const res = await serveCatalogImage(imageKeyOf(url), "240", deps);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    }
    expect(calls).not.toContain("http://127.0.0.1:8080/admin.png");
    expect(calls).not.toContain("https://internal.example/x.png");
    expect(calls.filter((c) => c.includes("169.254"))).toEqual([]);
    const before = calls.length;
    await serveCatalogImage(imageKeyOf("https://cdn.example/broken.png"), "240", deps);
    expect(calls.length).toBe(before + 1); // a failure is not cached: the next request tries again
  });

  it("draws the sandbox's artwork in-process and serves it rasterised, as WebP", async () => {
    const before = calls.length;
    const res = await serveCatalogImage(imageKeyOf("http://shop.test/sandbox/artwork/steam.svg"), "480", deps);
    expect(res.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(["webp", 480]);
    expect(calls.length).toBe(before);
  });

  it("serves the short-lived tile, never the original, for a picture over the pixel limit (30000 × 30000)", async () => {
    const res = await serveCatalogImage(imageKeyOf("https://cdn.example/huge.png"), "480", deps);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(Buffer.from(await res.arrayBuffer()).equals(hugePng)).toBe(false);
    // A format outside the web's few is not decoded at all.
    const tiffRes = await serveCatalogImage(imageKeyOf("https://cdn.example/photo.tiff"), "240", deps);
    expect(tiffRes.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("never serves a fetched SVG as SVG: one carrying a script reaches the browser as pixels", async () => {
    const res = await serveCatalogImage(imageKeyOf("https://cdn.example/script.svg"), "240", deps);
    expect(res.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 240, 180]);
  });

  it.runIf(ownAddress)("refuses a URL whose name resolves to this machine's own (non-loopback) address", async () => {
    const res = await serveCatalogImage(imageKeyOf("https://self.example/x.png"), "240", deps);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(calls).not.toContain("https://self.example/x.png");
  });

  it("rasterises a fetched SVG without loading anything it names, and refuses one drawn over the pixel limit", async () => {
    const named = await serveCatalogImage(imageKeyOf("https://cdn.example/named.svg"), "240", deps);
    expect(named.headers.get("content-type")).toBe("image/webp");
    expect(leaks).toEqual([]);
    const vast = await serveCatalogImage(imageKeyOf("https://cdn.example/vast.svg"), "240", deps);
    expect(vast.headers.get("cache-control")).toBe("public, max-age=300");
  });
});
