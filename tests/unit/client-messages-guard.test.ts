// Each document root passes its client components exactly the namespaces their code reads
// (lib/i18n/client-messages.ts; docs/storefront.md#speed-on-phones). A root's client code is what
// its files render in the browser: every module with "use client" its imports reach, and every
// module such code imports, directly or not (a shared component without the directive runs in the
// browser when a client module uses it); tests/helpers/module-graph.ts follows the imports.
import { describe, expect, it } from "vitest";
import { clientNamespaces, type DocumentRoot } from "@/lib/i18n/client-messages";
import en from "@/messages/en.json";
import { clientModules, codeFilesUnder, directivesOf, sourceOf } from "../helpers/module-graph";

/** The files each root renders from: its route tree, and for the request root the not-found document. */
const rootFiles: Record<DocumentRoot, string[]> = {
  catalog: codeFilesUnder("app/(catalog)"),
  request: [...codeFilesUnder("app/(request)"), "app/global-not-found.tsx"],
};

type Use = { file: string; namespace: string | undefined; argument: string };

/** Each `useTranslations(…)` and `useMessages()` of the files, with the top namespace it reads. */
function usesIn(files: string[]): Use[] {
  const uses: Use[] = [];
  for (const file of files) {
    const source = sourceOf(file);
    for (const match of source.matchAll(/\buseTranslations\s*(?:<[^>()]*>)?\s*\(([^)]*)\)/g)) {
      const argument = match[1].trim();
      const literal = /^(["'`])([^"'`$]+)\1$/.exec(argument);
      uses.push({ file, namespace: literal?.[2].split(".")[0], argument });
    }
    for (const _ of source.matchAll(/\buseMessages\s*\(/g)) {
      uses.push({ file, namespace: undefined, argument: "useMessages()" });
    }
  }
  return uses;
}

const everyNamespace = Object.keys(en);
const roots = Object.keys(rootFiles) as DocumentRoot[];
const clientCode = Object.fromEntries(roots.map((root) => [root, clientModules(rootFiles[root])])) as Record<
  DocumentRoot,
  string[]
>;

describe("the scan of client code", () => {
  it("finds client code through its importers: a shared component without the directive", () => {
    expect(clientCode.catalog).toContain("components/shop/search-box.tsx");
    expect(clientCode.request).toContain("components/checkout/card-fields.tsx");
    expect(directivesOf("components/checkout/card-fields.tsx")).not.toContain("use client");
  });

  it("keeps a catalog page's code apart from the checkout's", () => {
    expect(clientCode.catalog).not.toContain("components/checkout/checkout-form.tsx");
  });

  it("reaches every client module under app/ and components/ from a root, so none goes unchecked", () => {
    const reached = new Set(roots.flatMap((root) => clientCode[root]));
    const entries = [...codeFilesUnder("app"), ...codeFilesUnder("components")].filter((file) =>
      directivesOf(file).includes("use client"),
    );
    expect(entries.filter((file) => !reached.has(file))).toEqual([]);
  });
});

describe.each(roots)("the messages the %s root passes to client components", (root) => {
  const uses = usesIn(clientCode[root]);
  const listed = new Set<string>(clientNamespaces[root]);

  it("lists every namespace its client code reads", () => {
    const missing = uses
      .filter((use) => use.namespace !== undefined && !listed.has(use.namespace))
      .map((use) => `${use.file}: useTranslations(${use.argument})`);
    expect(missing).toEqual([]);
  });

  it("lists no namespace its client code never reads", () => {
    const read = new Set(uses.map((use) => use.namespace));
    expect(clientNamespaces[root].filter((namespace) => !read.has(namespace))).toEqual([]);
  });

  it("refuses a client read without a literal namespace unless every namespace is passed", () => {
    const unnamed = uses.filter((use) => use.namespace === undefined).map((use) => `${use.file}: ${use.argument}`);
    if (everyNamespace.every((namespace) => listed.has(namespace))) return;
    expect(unnamed).toEqual([]);
  });

  it("lists only namespaces the English catalog has", () => {
    expect(clientNamespaces[root].filter((namespace) => !everyNamespace.includes(namespace))).toEqual([]);
  });
});
