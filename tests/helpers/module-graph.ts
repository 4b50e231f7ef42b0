// The project's modules as the bundler links them: what a file imports, resolved by TypeScript's
// own resolver with the project's tsconfig (the `@/` paths included), and what a root's files
// reach. Used by the tests that follow a page's imports: the catalog stylesheet's sources
// (tests/unit/catalog-stylesheet.test.ts) and the messages client code reads
// (tests/unit/client-messages-guard.test.ts).
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The repository root; every path below is relative to it. */
export const root = path.resolve(__dirname, "../..");

const compilerOptions = ts.parseJsonConfigFileContent(
  ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile).config,
  ts.sys,
  root,
).options;

const parsed = new Map<string, ts.SourceFile>();

function sourceFile(file: string): ts.SourceFile {
  let found = parsed.get(file);
  if (!found) {
    found = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
    parsed.set(file, found);
  }
  return found;
}

/** Every TypeScript file under `dir` but tests. */
export function codeFilesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFilesUnder(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** An import brings no code when the whole clause is `type`, or each binding it names is. */
function typeOnly(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0
    ? bindings.elements.every((element) => element.isTypeOnly)
    : false;
}

type Walk = { types: boolean; dynamic?: boolean };

/** The specifiers a file imports: static, re-exported; type-only ones when `types`; dynamic ones unless `dynamic: false`. */
function specifiersOf(file: string, { types, dynamic = true }: Walk): string[] {
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (types || !typeOnly(node.importClause)) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (types || !node.isTypeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (
      dynamic &&
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    } else if (types && ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) specifiers.push(literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile(file));
  return specifiers;
}

type Resolved = { specifier: string; where: "project" | "package" | "elsewhere"; file: string };

/** Each specifier a file imports, resolved by TypeScript's resolver: a project file, a package, or neither. */
function resolvedImports(file: string, walk: Walk): Resolved[] {
  const abs = path.join(root, file);
  return specifiersOf(file, walk).map((specifier) => {
    const resolved = ts.resolveModuleName(specifier, abs, compilerOptions, ts.sys).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport) return { specifier, where: "package", file: "" };
    const rel = path.relative(root, resolved.resolvedFileName);
    if (rel.includes("node_modules")) return { specifier, where: "package", file: rel };
    return { specifier, where: rel.startsWith("..") ? "elsewhere" : "project", file: rel };
  });
}

/** The project files (not packages) a file imports, by TypeScript's resolver; type-only ones when `types`. */
export function localImports(file: string, walk: Walk): string[] {
  return resolvedImports(file, walk).flatMap((i) => (i.where === "project" ? [i.file] : []));
}

/** Every project file reachable by imports (static, dynamic, type-only) from `starts`, starts included. */
export function importClosure(starts: string[]): string[] {
  const seen = new Set(starts);
  const queue = [...starts];
  while (queue.length > 0) {
    for (const next of localImports(queue.shift()!, { types: true })) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return [...seen].sort();
}

/** The file's directives ("use client", "use server"): the string statements it opens with. */
export function directivesOf(file: string): string[] {
  const directives: string[] = [];
  for (const statement of sourceFile(file).statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    directives.push(statement.expression.text);
  }
  return directives;
}

/**
 * The modules that run in the browser when `starts` render: a module with "use client", and every
 * module client code imports for its code (a shared component without the directive runs in the
 * browser when a client module uses it). A server action's module stays on the server: client
 * code holds only a reference to it. Type-only imports bring no code. With `dynamic: false`, only
 * what the page's scripts hold from the start (a dynamic import is a chunk fetched when it runs).
 */
export function clientModules(starts: string[], { dynamic = true }: { dynamic?: boolean } = {}): string[] {
  const client = new Set<string>();
  const server = new Set<string>();
  const queue = starts.map((file) => ({ file, inClient: false }));
  while (queue.length > 0) {
    const { file, inClient: importedFromClient } = queue.shift()!;
    if (!/\.tsx?$/.test(file)) continue;
    const directives = directivesOf(file);
    const inClient = !directives.includes("use server") && (importedFromClient || directives.includes("use client"));
    const seen = inClient ? client : server;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of localImports(file, { types: false, dynamic })) queue.push({ file: next, inClient });
  }
  return [...client].sort();
}

/** The packages (not project files) a file imports for its code, statically. */
export function packageImports(file: string): string[] {
  return resolvedImports(file, { types: false, dynamic: false }).flatMap((i) =>
    i.where === "package" ? [i.specifier] : [],
  );
}

/** A file's source text, read once. */
export function sourceOf(file: string): string {
  return sourceFile(file).text;
}
