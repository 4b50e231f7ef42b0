import { describe, expect, it } from "vitest";
import { pageContentSecurityPolicy } from "./csp";
import { cachedPagePolicy, hashPolicyFor } from "./page-cache/strict-policy.cjs";

// Pages carry their stylesheet inline (next.config.mjs, experimental.inlineCss;
// docs/storefront.md#speed-on-phones): both kinds of page policy must allow an inline <style>
// without allowing an inline script that is neither nonced nor hashed.
const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

describe("page policies and the inlined stylesheet", () => {
  const policies = {
    "per-request (nonce)": pageContentSecurityPolicy("bm9uY2U=", false),
    "cached (hashes)": cachedPagePolicy(["'sha256-x'"]),
  };

  for (const [kind, policy] of Object.entries(policies)) {
    it(`${kind}: allows an inline <style> and no inline script but by nonce or hash`, () => {
      expect(directive(policy, "style-src")).toContain("'unsafe-inline'");
      const script = directive(policy, "script-src");
      expect(script).toContain("'strict-dynamic'");
      expect(script).not.toContain("'unsafe-inline'");
      expect(script).not.toMatch(/'unsafe-eval'|\bhttps?:|\*/);
    });
  }

  it("a cached page keeps its inlined stylesheet as rendered, and no style gets a script hash", () => {
    const css = ".text-brand-700{color:#1d4ed8}";
    const html =
      `<!DOCTYPE html><html><head><style data-precedence="next" data-href="/_next/static/chunks/a.css">${css}</style>` +
      `<script src="/_next/static/chunks/main.js" async=""></script></head><body><p>Steam</p></body></html>`;
    const { html: out, refused } = hashPolicyFor(html);
    expect(out).toContain(`<style data-precedence="next" data-href="/_next/static/chunks/a.css">${css}</style>`);
    expect(refused).toBe(0);
  });
});
