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
      /<script>(\(function\(d\)\{function run\(\)\{\["\/_next\/static\/chunks\/main\.js"\][^<]*)<\/script><\/head>/.exec(
        html,
      )?.[1];
    expect(loader).toBeTruthy();
    expect(hashes).toContain(sha(loader!));
  });

  it("inserts the framework's scripts once the page is parsed, not while its head is", () => {
    const { html } = hashPolicyFor(page(""));
    const loader = /<script>(\(function\(d\)[^<]*)<\/script><\/head>/.exec(html)![1];
    const added: { tag: string; src?: string; async?: boolean }[] = [];
    const parsed: (() => void)[] = [];
    const document = {
      readyState: "loading",
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (e: { tag: string }) => added.push(e) },
      addEventListener: (type: string, f: () => void) => type === "DOMContentLoaded" && parsed.push(f),
    };
    runInNewContext(loader, { document });
    expect(added).toEqual([]);
    parsed.forEach((f) => f());
    expect(added.map((e) => [e.tag, e.src, e.async])).toEqual([["script", "/_next/static/chunks/main.js", true]]);
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
