// Every rule or contract citation in the code resolves to a heading of a document in this
// repository, and every link in the README and docs/ resolves. A clone holds all it cites:
// comments write `docs/money-rules.md#m3` or `docs/upstream-contract.md#44-catalog-and-delta-sync`,
// never a bare rule code or a section number of a document the clone does not contain.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const self = path.relative(root, __filename);
const codeDirs = ["lib", "app", "components", "scripts", "tests", "prisma"];
const codeFiles = /\.(ts|tsx|mts|mjs|prisma)$/;
const extraCodeFiles = [
  ".env.example",
  "instrumentation.ts",
  "proxy.ts",
  "next.config.mjs",
  "playwright.config.ts",
  "vitest.config.ts",
];
const skippedDirs = new Set(["node_modules", "generated", ".next", "test-results"]);

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return skippedDirs.has(e.name) || e.name.startsWith(".") ? [] : filesUnder(rel, keep);
    return keep(e.name) ? [rel] : [];
  });
}

/** GitHub's heading anchor: lowercase, punctuation dropped, each space a hyphen. */
export function headingAnchor(heading: string): string {
  const text = heading
    .replace(/<[^>]*>/g, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): { line: string; n: number }[] {
  let fenced = false;
  const out: { line: string; n: number }[] = [];
  text.split("\n").forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) out.push({ line, n: i + 1 });
  });
  return out;
}

const anchorCache = new Map<string, Set<string>>();

/** Every anchor a Markdown file offers: its headings (duplicates numbered) and explicit ids. */
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { line } of proseLines(fs.readFileSync(file, "utf8"))) {
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (h) {
      const base = headingAnchor(h[1]!);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** Why `target` (a path relative to `fromDir`, maybe with #anchor) does not resolve; null when it does. */
function brokenTarget(fromFile: string, target: string, relativeTo: string): string | null {
  const [pathPart, anchor] = target.split("#", 2) as [string, string | undefined];
  const file = pathPart === "" ? fromFile : path.resolve(relativeTo, decodeURI(pathPart));
  if (!fs.existsSync(file)) return `no file ${path.relative(root, file)}`;
  if (anchor === undefined || anchor === "" || !file.endsWith(".md")) return null;
  return anchorsOf(file).has(anchor) ? null : `no heading #${anchor} in ${path.relative(root, file)}`;
}

const docLink = /\bdocs\/[\w.-]+\.md(?:#[\w-]+)?/g;

/** A citation written as a code or a section number of a document, not as a link into docs/. */
export function bareCitation(line: string): string | null {
  const rest = line.replace(docLink, "");
  const patterns: [RegExp, string][] = [
    [/\bspecs?\b[\s.:]*(?:parts?\b[\s-]*)?\d/i, "upstream spec section"],
    [/\b(?:the|upstream|per|by)\s+spec\b(?!\.\w)/i, "the upstream spec"],
    [/\bM[1-7]\b/, "money rule code"],
    [/\b(?:fulfilment-api|PRODUCT)\.md\b/, "document outside the repository"],
    [/(?<![\w/.#])#(?:m[1-7]|\d{1,3}-[a-z][\w-]*)\b/, "anchor without its docs/ file"],
  ];
  for (const [re, what] of patterns) {
    const m = re.exec(rest);
    if (m) return `${what} "${m[0].trim()}"`;
  }
  return null;
}

describe("citations in code", () => {
  const files = [...codeDirs.flatMap((d) => filesUnder(d, (n) => codeFiles.test(n))), ...extraCodeFiles].filter(
    (f) => f !== self,
  );

  it("recognises bare citations and leaves links and code alone", () => {
    expect(bareCitation("// delta cursor (spec 4.4 rule 5)")).toMatch(/spec section/);
    expect(bareCitation("/** Spec 8: webhook timestamp tolerance. */")).toMatch(/spec section/);
    expect(bareCitation('describe("rate limiting (spec part 8)", () => {')).toMatch(/spec section/);
    expect(bareCitation("// one class per spec part-7 row")).toMatch(/spec section/);
    expect(bareCitation("// where the upstream spec says nothing")).toMatch(/upstream spec/);
    expect(bareCitation("// never below cost (M5)")).toMatch(/money rule/);
    expect(bareCitation("// rules M1–M7")).toMatch(/money rule/);
    expect(bareCitation("// (docs/money-rules.md#m2, #m4)")).toMatch(/without its docs/);
    expect(bareCitation("// see issue #12 and PR #3")).toBeNull();
    expect(bareCitation("// (docs/money-rules.md#m5, docs/upstream-contract.md#48-purchase)")).toBeNull();
    expect(bareCitation("const headers = buildHeaders(apiKey, spec.headers);")).toBeNull();
    expect(bareCitation('test("checkout.spec.ts", () => {});')).toBeNull();
  });

  it("cites rules and contract sections only as links into docs/", () => {
    expect(files.length).toBeGreaterThan(100);
    const bare: string[] = [];
    for (const file of files) {
      fs.readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          const why = bareCitation(line);
          if (why) bare.push(`${file}:${i + 1}: ${why}`);
        });
    }
    expect(bare).toEqual([]);
  });

  it("links only to docs/ files and headings that exist", () => {
    const broken: string[] = [];
    for (const file of files) {
      fs.readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          for (const m of line.matchAll(docLink)) {
            const why = brokenTarget(path.join(root, file), m[0], root);
            if (why) broken.push(`${file}:${i + 1}: ${m[0]}: ${why}`);
          }
        });
    }
    expect(broken).toEqual([]);
  });
});

describe("links in the README and docs/", () => {
  const docs = [
    "README.md",
    ...filesUnder("docs", (n) => n.endsWith(".md")),
    ...filesUnder("lib", (n) => n === "README.md"),
  ];

  it("computes anchors the way GitHub does", () => {
    expect(headingAnchor("4.4 Catalog and delta sync")).toBe("44-catalog-and-delta-sync");
    expect(headingAnchor("M3")).toBe("m3");
    expect(headingAnchor("Proxies and `TRUSTED_PROXY_HOPS`")).toBe("proxies-and-trusted_proxy_hops");
    expect(headingAnchor("Where the contract is silent — the shop's choices")).toBe(
      "where-the-contract-is-silent--the-shops-choices",
    );
  });

  it("resolves every relative link to an existing file and heading", () => {
    expect(docs).toContain("docs/upstream-contract.md");
    const broken: string[] = [];
    for (const file of docs) {
      const abs = path.join(root, file);
      for (const { line, n } of proseLines(fs.readFileSync(abs, "utf8"))) {
        for (const m of line.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
          const target = m[1]!;
          if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
          const why = brokenTarget(abs, target, path.dirname(abs));
          if (why) broken.push(`${file}:${n}: ${target}: ${why}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
