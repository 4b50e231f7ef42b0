// Every namespace client code reads is among the messages the document passes to the client
// (lib/i18n/client-messages.ts; docs/storefront.md#speed-on-phones). Client code is every
// "use client" module under app/ and components/ and every local module it imports, directly or
// not: a shared component without the directive runs in the browser when a client module uses it.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientNamespaces } from "@/lib/i18n/client-messages";
import en from "@/messages/en.json";

const root = path.resolve(__dirname, "../..");
const codeFile = /\.(ts|tsx)$/;
const notCode = /\.(css|json|svg|png|jpe?g|webp|ico)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return codeFile.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The module's first statement is the directive (comments may come before it). */
function hasDirective(source: string, directive: "use client" | "use server"): boolean {
  return new RegExp(`^(?:\\s|//[^\\n]*\\n|/\\*[\\s\\S]*?\\*/)*["']${directive}["']`).test(source);
}

/** The local modules a source imports for its code (type-only imports bring none). */
function localImports(file: string, source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/\b(import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?["']([^"']+)["']/g)) {
    if (!match[2]) specifiers.push(match[3]);
  }
  for (const match of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specifiers.push(match[1]);
  return specifiers.flatMap((specifier) => {
    const base = specifier.startsWith("@/")
      ? path.join(root, specifier.slice(2))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(file), specifier)
        : undefined;
    if (!base || notCode.test(base)) return [];
    const found = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
      .map((suffix) => base + suffix)
      .find((candidate) => codeFile.test(candidate) && existsSync(candidate));
    if (!found) throw new Error(`${path.relative(root, file)} imports ${specifier}, which resolves to no module`);
    return [found];
  });
}

/** Every module that runs in the browser: the client entry points and what they import. */
function clientModules(): Map<string, string> {
  const entries = ["app", "components"]
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .filter((file) => hasDirective(readFileSync(file, "utf8"), "use client"));
  const seen = new Map<string, string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const source = readFileSync(file, "utf8");
    // A server action's module stays on the server: the client holds only a reference to it.
    if (hasDirective(source, "use server")) continue;
    seen.set(file, source);
    queue.push(...localImports(file, source));
  }
  return seen;
}

type Use = { file: string; namespace: string | undefined; argument: string };

/** Each `useTranslations(…)` and `useMessages()` of client code, with the top namespace it reads. */
function clientUses(): Use[] {
  const uses: Use[] = [];
  for (const [file, source] of clientModules()) {
    const relative = path.relative(root, file);
    for (const match of source.matchAll(/\buseTranslations\s*(?:<[^>()]*>)?\s*\(([^)]*)\)/g)) {
      const argument = match[1].trim();
      const literal = /^(["'`])([^"'`$]+)\1$/.exec(argument);
      uses.push({ file: relative, namespace: literal?.[2].split(".")[0], argument });
    }
    for (const _ of source.matchAll(/\buseMessages\s*\(/g)) {
      uses.push({ file: relative, namespace: undefined, argument: "useMessages()" });
    }
  }
  return uses;
}

const everyNamespace = Object.keys(en);
const listed = new Set<string>(clientNamespaces);

describe("the messages client components receive", () => {
  const uses = clientUses();

  it("finds the client code's reads of messages (the scan itself works)", () => {
    const files = new Set(uses.map((use) => use.file));
    // A client entry point, and a shared component that is client code only through its importer.
    expect(files).toContain("components/shop/search-box.tsx");
    expect(files).toContain("components/checkout/card-fields.tsx");
  });

  it("lists every namespace a client component reads", () => {
    const missing = uses
      .filter((use) => use.namespace !== undefined && !listed.has(use.namespace))
      .map((use) => `${use.file}: useTranslations(${use.argument})`);
    expect(missing).toEqual([]);
  });

  it("refuses a client read without a literal namespace unless every namespace is passed", () => {
    const unnamed = uses.filter((use) => use.namespace === undefined).map((use) => `${use.file}: ${use.argument}`);
    if (everyNamespace.every((namespace) => listed.has(namespace))) return;
    expect(unnamed).toEqual([]);
  });

  it("lists only namespaces the English catalog has", () => {
    expect(clientNamespaces.filter((namespace) => !everyNamespace.includes(namespace))).toEqual([]);
  });

  it("lists no namespace client code never reads", () => {
    const read = new Set(uses.map((use) => use.namespace));
    expect(clientNamespaces.filter((namespace) => !read.has(namespace))).toEqual([]);
  });
});
