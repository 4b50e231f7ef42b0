// `npm run lint`'s import check (docs/architecture.md#which-way-imports-point), one
// dependency-cruiser run for two questions: do imports point the allowed way
// (.dependency-cruiser.cjs), and does any client bundle reach the database? A client component (a
// file that starts with "use client") and everything it imports at run time ship to the browser:
// none of them may import the database client (@prisma/client, prisma-client-pg, the generated
// clients) or lib/db, whose browser stub lists every table and column. The walk does not follow
// `import type` (erased before bundling) nor enter "use server" files (a client bundle holds only
// a reference to a server action, not its code).
import fs from "node:fs";
import { cruise, format } from "dependency-cruiser";
import extractDepcruiseConfig from "dependency-cruiser/config-utl/extract-depcruise-config";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const sources = process.argv.slice(2);
const database =
  /^(node_modules\/(@prisma\/client|\.prisma\/client|prisma-client-pg)(\/|$)|lib\/db(-client)?\.ts$|lib\/generated\/)/;
// "@prisma/client/runtime/index-browser" is Prisma's Decimal and enum helpers, with no schema in it.
const allowed = /^node_modules\/@prisma\/client\/runtime\/index-browser\./;

/** The directive a module starts with ("use client", "use server"), after comments; null if none. */
function directiveOf(file) {
  if (file.startsWith("node_modules/") || !/\.[cm]?[jt]sx?$/.test(file) || !fs.existsSync(file)) return null;
  const head = fs.readFileSync(file, "utf8").slice(0, 4000);
  const code = head.replace(/^(\s*(\/\/[^\n]*|\/\*[\s\S]*?\*\/))*\s*/, "");
  return /^["'](use client|use server)["']/.exec(code)?.[1] ?? null;
}

/** Every path from a client component to the database, as "a → b → c" chains (one per component). */
export function clientDatabaseChains(modules) {
  const bySource = new Map(modules.map((m) => [m.source, m]));
  const chains = [];
  for (const start of modules.filter((m) => directiveOf(m.source) === "use client")) {
    const cameFrom = new Map([[start.source, null]]);
    const queue = [start.source];
    while (queue.length > 0) {
      const source = queue.shift();
      if (database.test(source) && !allowed.test(source)) {
        const chain = [source];
        for (let at = cameFrom.get(source); at; at = cameFrom.get(at)) chain.unshift(at);
        chains.push(chain.join(" → "));
        break;
      }
      if (source !== start.source && directiveOf(source) === "use server") continue;
      for (const d of bySource.get(source)?.dependencies ?? []) {
        if (d.dependencyTypes.includes("type-only") || cameFrom.has(d.resolved)) continue;
        cameFrom.set(d.resolved, source);
        queue.push(d.resolved);
      }
    }
  }
  return chains;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  // What the depcruise command line does with --config: the rules, and their options on top.
  const ruleSet = await extractDepcruiseConfig("./.dependency-cruiser.cjs");
  const tsConfig = extractTSConfig(ruleSet.options.tsConfig.fileName);
  const { output } = await cruise(sources, { ...ruleSet.options, ruleSet, validate: true }, {}, { tsConfig });
  const report = await format(output, { outputType: "err" });
  process.stdout.write(report.output);
  const chains = clientDatabaseChains(output.modules);
  for (const chain of chains) console.log(`  error client-no-database: ${chain}`);
  if (chains.length > 0) console.log(`\n✘ ${chains.length} client component(s) reach the database client.\n`);
  process.exit(report.exitCode > 0 || chains.length > 0 ? 1 : 0);
}
