import { createHash } from "node:crypto";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { cachedPagePolicy, hashPolicyFor } from "./strict-policy.cjs";

const flight = 'self.__next_f.push([1,"0:{\\"P\\":null}\\n"])';
const start = "(self.__next_f=self.__next_f||[]).push([0])";
const boot =
  '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"],"runtimeModuleIds":[1]});';
const page = (body: string) =>
  `<!DOCTYPE html><html><head><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>` +
  `<script src="/_next/static/chunks/main.js" async=""></script><script src="/_next/static/chunks/legacy.js" noModule=""></script></head>` +
  `<body>${body}<script>${start}</script><script>${flight}</script><script id="_R_">${boot}</script></body></html>`;

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("hashPolicyFor", () => {
  it("allows the framework's inline scripts by hash and nothing else", () => {
    const { html, hashes, refused } = hashPolicyFor(page("<p>Steam</p><script>window.injected=1</script>"));
    expect(hashes).toEqual(expect.arrayContaining([sha(start), sha(flight), sha(boot)]));
    expect(hashes).not.toContain(sha("window.injected=1"));
    expect(refused).toBe(1);
    expect(html).toContain("<script>window.injected=1</script>");
  });

  it("loads the framework's script tags from one hashed inline loader, in their order", () => {
    const { html, hashes } = hashPolicyFor(page(""));
    expect(html).not.toMatch(/<script src=/);
    expect(html).not.toContain('rel="preload" as="script"');
    const loader =
      /<script>(\(function\(d,w\)\{var done=0;function run\(\)\{if\(done\)return;done=1;\["\/_next\/static\/chunks\/main\.js"\][^<]*)<\/script><\/head>/.exec(
        html,
      )?.[1];
    expect(loader).toBeTruthy();
    expect(hashes).toContain(sha(loader!));
  });

  describe("the loader", () => {
    /** Runs the cached page's loader in a stub browser; returns what it inserted and its triggers. */
    function load({ visible = true, paintTiming = true, readyState = "loading", errorDocument = false } = {}) {
      const html = errorDocument ? page("").replace("<html>", '<html id="__next_error__">') : page("");
      const { html: served, hashes } = hashPolicyFor(html);
      const loader = /<script>(\(function\(d(?:,w)?\)[^<]*)<\/script><\/head>/.exec(served)![1];
      expect(hashes).toContain(sha(loader));
      const inserted: string[] = [];
      const on: Record<string, (() => void)[]> = {};
      const frames: (() => void)[] = [];
      const timers: { ms: number; f: () => void }[] = [];
      let observer: ((list: { getEntriesByName: (n: string) => unknown[] }, o: { disconnect(): void }) => void) | null =
        null;
      const document = {
        readyState,
        visibilityState: visible ? "visible" : "hidden",
        createElement: (tag: string) => ({ tag, src: "", async: false }),
        head: { appendChild: (e: { tag: string; src: string; async: boolean }) => e.async && inserted.push(e.src) },
        addEventListener: (type: string, f: () => void) => (on[type] ??= []).push(f),
      };
      class PerformanceObserver {
        static supportedEntryTypes = paintTiming ? ["paint", "navigation"] : ["navigation"];
        constructor(f: NonNullable<typeof observer>) {
          observer = f;
        }
        observe(options: { type: string; buffered: boolean }) {
          expect(options).toEqual({ type: "paint", buffered: true });
        }
      }
      const window = {
        PerformanceObserver,
        requestAnimationFrame: (f: () => void) => frames.push(f),
        setTimeout: (f: () => void, ms: number) => timers.push({ f, ms }),
      };
      runInNewContext(loader, { document, window });
      const paint = (name: string) =>
        observer?.({ getEntriesByName: (n) => (n === name ? [{}] : []) }, { disconnect: () => (observer = null) });
      return {
        inserted,
        parsed: () => on.DOMContentLoaded?.forEach((f) => f()),
        paint,
        frame: () => frames.splice(0).forEach((f) => f()),
        timers: (ms: number) => timers.filter((t) => t.ms === ms).forEach((t) => t.f()),
        visibilityChange: () => on.visibilitychange?.forEach((f) => f()),
      };
    }

    it("inserts the framework's scripts once the page has painted its first text, in their order, once", () => {
      const browser = load();
      expect(browser.inserted).toEqual([]);
      browser.parsed();
      browser.paint("first-paint");
      expect(browser.inserted).toEqual([]);
      browser.paint("first-contentful-paint");
      expect(browser.inserted).toEqual(["/_next/static/chunks/main.js"]);
      browser.visibilityChange();
      browser.timers(1000);
      expect(browser.inserted).toEqual(["/_next/static/chunks/main.js"]);
    });

    it("inserts them at once in the empty document Next answers a page's notFound() with (nothing to paint)", () => {
      const browser = load({ errorDocument: true });
      expect(browser.inserted).toEqual(["/_next/static/chunks/main.js"]);
    });

    it("waits for the paint when the page was already parsed", () => {
      const browser = load({ readyState: "interactive" });
      expect(browser.inserted).toEqual([]);
      browser.paint("first-contentful-paint");
      expect(browser.inserted).toEqual(["/_next/static/chunks/main.js"]);
    });

    it("does not wait in a tab opened in the background, nor once the tab is hidden", () => {
      const background = load({ visible: false });
      background.parsed();
      expect(background.inserted).toEqual(["/_next/static/chunks/main.js"]);
      const hiddenLater = load();
      hiddenLater.parsed();
      hiddenLater.visibilityChange();
      expect(hiddenLater.inserted).toEqual(["/_next/static/chunks/main.js"]);
    });

    it("waits for the next frame where the browser has no paint timing, and never more than 1 s", () => {
      const noTiming = load({ paintTiming: false });
      noTiming.parsed();
      expect(noTiming.inserted).toEqual([]);
      noTiming.frame();
      expect(noTiming.inserted).toEqual([]);
      noTiming.timers(0);
      expect(noTiming.inserted).toEqual(["/_next/static/chunks/main.js"]);
      const neverPainted = load();
      neverPainted.parsed();
      neverPainted.timers(1000);
      expect(neverPainted.inserted).toEqual(["/_next/static/chunks/main.js"]);
    });
  });

  it("does not bless a script that only looks like flight data", () => {
    const fake = 'self.__next_f.push([1,"x"]);alert(1)';
    const fakeBoot = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({not json});';
    const { hashes, refused } = hashPolicyFor(page(`<script>${fake}</script><script>${fakeBoot}</script>`));
    expect(hashes).not.toContain(sha(fake));
    expect(hashes).not.toContain(sha(fakeBoot));
    expect(refused).toBe(2);
  });

  it("ignores a nonce a request smuggled into the render: the hash decides", () => {
    const { hashes } = hashPolicyFor(page(`<script nonce="abc">${flight.replace("P", "Q")}</script>`));
    expect(hashes).toContain(sha(flight.replace("P", "Q")));
  });
});

describe("cachedPagePolicy", () => {
  it("is strict: no unsafe-inline for scripts, strict-dynamic, no objects, no base, no framing", () => {
    const policy = cachedPagePolicy(["'sha256-x'"]);
    const script = policy.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(script).toBe("script-src 'strict-dynamic' 'sha256-x'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
