import { describe, expect, it } from "vitest";
import { hashPolicyFor } from "./strict-policy.cjs";

// The loader a cached page runs instead of the framework's script tags
// (docs/storefront.md#speed-on-phones): nothing is fetched before the page is parsed and painted.
const sources = ["/_next/static/chunks/main.js", "/_next/static/chunks/page.js"];
const html = `<html><head>${sources.map((s) => `<script src="${s}" async=""></script>`).join("")}</head><body></body></html>`;
const loader = /<script>([^<]*)<\/script><\/head>/.exec(hashPolicyFor(html).html)![1];

/** Runs the loader against a stub document; returns what it inserted and the pending steps. */
function runLoader(readyState: "loading" | "interactive") {
  const inserted: string[] = [];
  const listeners: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const document = {
    readyState,
    head: { appendChild: (e: { src: string }) => inserted.push(e.src) },
    createElement: () => ({ src: "", async: false }),
    addEventListener: (type: string, f: () => void) => type === "DOMContentLoaded" && listeners.push(f),
  };
  new Function("document", "requestAnimationFrame", "setTimeout", loader)(
    document,
    (f: () => void) => frames.push(f),
    (f: () => void) => timers.push(f),
  );
  const drain = (queue: (() => void)[]) => queue.splice(0).forEach((f) => f());
  return { inserted, parsed: () => drain(listeners), painted: () => drain(frames), afterPaint: () => drain(timers) };
}

describe("the cached page's script loader", () => {
  it("inserts the framework's scripts only after the document is parsed and has painted, in their order", () => {
    const page = runLoader("loading");
    page.painted();
    page.afterPaint();
    expect(page.inserted).toEqual([]);
    page.parsed();
    expect(page.inserted).toEqual([]);
    page.painted();
    expect(page.inserted).toEqual([]);
    page.afterPaint();
    expect(page.inserted).toEqual(sources);
  });

  it("waits for the next paint alone when the document is already parsed", () => {
    const page = runLoader("interactive");
    page.painted();
    page.afterPaint();
    expect(page.inserted).toEqual(sources);
  });
});
