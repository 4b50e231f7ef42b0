// The catalog pages' stylesheet (app/catalog.css) is built from the files its `@source` lines
// name, not from the whole project (docs/storefront.md#speed-on-phones). A component a catalog
// page imports from anywhere else would render without its classes on catalog pages only, and
// look right everywhere else. This walks every import from app/(catalog), as the bundler would
// (tests/helpers/module-graph.ts), and names each file that can hold class names but is not scanned.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import tailwindConfig from "@/tailwind.config";
import { codeFilesUnder, importClosure, root } from "../helpers/module-graph";

const stylesheet = "app/catalog.css";
const catalogRoot = "app/(catalog)";

type Source = { path: string; negated: boolean };

/** The stylesheet's `@source` and `@source not` lines, as paths from the repository root. */
export function sourcesOf(css: string, cssFile: string): Source[] {
  const dir = path.dirname(cssFile);
  return [...css.matchAll(/^@source\s+(not\s+)?"([^"]+)";/gm)].map((m) => ({
    path: path.normalize(path.join(dir, m[2])),
    negated: Boolean(m[1]),
  }));
}

const within = (file: string, source: string) => file === source || file.startsWith(`${source}/`);

/** Scanned: inside a source and inside no `@source not` (Tailwind's own rule). */
export function isScanned(file: string, sources: Source[]): boolean {
  return (
    sources.some((s) => !s.negated && within(file, s.path)) && !sources.some((s) => s.negated && within(file, s.path))
  );
}

/** Pages and components render markup; a file elsewhere (lib/) counts once it writes a className. */
function canHoldClasses(file: string): boolean {
  if (!/\.(ts|tsx)$/.test(file)) return false;
  if (file.startsWith("app/") || file.startsWith("components/")) return true;
  return fs.readFileSync(path.join(root, file), "utf8").includes("className");
}

describe("the catalog stylesheet", () => {
  const sources = sourcesOf(fs.readFileSync(path.join(root, stylesheet), "utf8"), stylesheet);
  const pages = codeFilesUnder(catalogRoot);

  it("scans every file a catalog page imports that can hold class names", () => {
    const closure = importClosure(pages);
    expect(closure.length).toBeGreaterThan(pages.length);
    const missing = closure.filter((f) => canHoldClasses(f) && !isScanned(f, sources));
    expect(missing, `not scanned by ${stylesheet}: add an @source line`).toEqual([]);
  });

  it("names only paths that exist, each a file or folder rather than a pattern", () => {
    expect(sources.length).toBeGreaterThan(0);
    const wrong = sources.filter((s) => /[*?{}!]/.test(s.path) || !fs.existsSync(path.join(root, s.path)));
    expect(wrong.map((s) => s.path)).toEqual([]);
  });

  it("scans nothing the config would add: tailwind.config.ts names no content", () => {
    expect((tailwindConfig as { content?: unknown }).content).toBeUndefined();
  });
});

describe("isScanned", () => {
  const sources: Source[] = [
    { path: "components/shop", negated: false },
    { path: "components/shop/receipt-view.tsx", negated: true },
  ];

  it("takes a file inside a source folder", () => {
    expect(isScanned("components/shop/site-header.tsx", sources)).toBe(true);
  });

  it("leaves out a file a `@source not` line names", () => {
    expect(isScanned("components/shop/receipt-view.tsx", sources)).toBe(false);
  });

  it("leaves out a folder that only starts with a source's name", () => {
    expect(isScanned("components/shopping/cart.tsx", sources)).toBe(false);
  });
});
