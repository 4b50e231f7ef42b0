// The HTTP phase measures each catalog page's own bytes served as a static file just before the
// page, and a market's page against the copy of the page it is listed beside.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Kind } from "../../scripts/bench/http-kinds";
import { copyName, withCopies, writePageCopies } from "../../scripts/bench/page-copies";

const page = (name: string, extra: Partial<Kind> = {}): Kind => ({
  name,
  urls: (n) => Array.from({ length: n }, () => `/${name.split(" ")[0]}`),
  check: (_url, body) => body.includes("product"),
  target: { direct: 50, proxy: 90 },
  ...extra,
});
const statik: Kind = { name: "static file", urls: () => ["/a.css"], check: () => true, target: {} };
const suggest: Kind = { ...page("suggest"), target: {}, directOnly: true };

afterEach(() => vi.unstubAllGlobals());

describe("the copies of catalog pages served as static files", () => {
  it("puts each copy right before the first page that uses it, and a market's page on its default's copy", () => {
    const home = page("home /");
    const market = page("home /id", { beside: "home /" });
    const copies = new Map([
      ["home /", "/_next/static/bench-copies/1.html"],
      ["home /id", "/_next/static/bench-copies/1.html"],
    ]);
    const out = withCopies([statik, home, market, suggest], copies);
    expect(out.map((k) => k.name)).toEqual(["static file", copyName("home /"), "home /", "home /id", "suggest"]);
    expect(out[1]!.urls(2)).toEqual(["/_next/static/bench-copies/1.html", "/_next/static/bench-copies/1.html"]);
    expect(out[1]!.target).toEqual({});
    expect(out[2]!.baseline).toBe(copyName("home /"));
    expect(out[3]!.baseline).toBe(copyName("home /"));
    expect(out[4]!.baseline).toBeUndefined();
  });

  it("copies the bytes of each default page that answered 200 with its check passed, and nothing else", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "bench-copies-"));
    const answers: Record<string, [number, string]> = {
      "http://x/home": [200, "<html>product</html>"],
      "http://x/type": [404, "<html>not found</html>"],
      "http://x/family": [200, "<html>an error page</html>"],
    };
    vi.stubGlobal("fetch", async (url: string) => {
      const [status, body] = answers[url] ?? [500, ""];
      return new Response(body, { status });
    });
    const kinds = [
      statik,
      page("home /"),
      page("home /id", { beside: "home /" }),
      page("type listing"),
      page("family"),
      suggest,
    ];
    const copies = await writePageCopies("http://x", kinds, dist);
    expect(Object.fromEntries(copies)).toEqual({
      "home /": "/_next/static/bench-copies/1.html",
      "home /id": "/_next/static/bench-copies/1.html",
    });
    expect(fs.readFileSync(path.join(dist, "static", "bench-copies", "1.html"), "utf8")).toBe("<html>product</html>");
    expect(fs.readdirSync(path.join(dist, "static", "bench-copies"))).toEqual(["1.html"]);
  });
});
