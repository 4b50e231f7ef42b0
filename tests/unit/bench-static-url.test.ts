// The bench's baseline is a static file of the build, served as is by `next start` and by the
// proxy alike; never a page the build prerendered (the home page is one, and measuring it
// against itself made its share 100 % by construction).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pickStaticUrl } from "../../scripts/bench/static-url";

const dist = fs.mkdtempSync(path.join(os.tmpdir(), "bench-dist-"));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe("the bench's static baseline", () => {
  it("is the build's stylesheet, not a prerendered catalog page", () => {
    fs.writeFileSync(
      path.join(dist, "prerender-manifest.json"),
      JSON.stringify({ routes: { "/": {}, "/_not-found": {}, "/help": {} } }),
    );
    fs.mkdirSync(path.join(dist, "static", "chunks"), { recursive: true });
    fs.writeFileSync(path.join(dist, "static", "chunks", "0abc.js"), "x".repeat(500));
    fs.writeFileSync(path.join(dist, "static", "chunks", "3def.css"), "body{}");
    expect(pickStaticUrl(dist)).toBe("/_next/static/chunks/3def.css");
  });

  it("is the largest stylesheet when the build has several (the catalog pages' own is the smaller)", () => {
    fs.writeFileSync(path.join(dist, "static", "chunks", "0aaa.css"), "a{}".repeat(100));
    fs.writeFileSync(path.join(dist, "static", "chunks", "9zzz.css"), "b{}");
    expect(pickStaticUrl(dist)).toBe("/_next/static/chunks/0aaa.css");
  });
});
