// Builds the app ONCE into .next-bench (reused while .next-bench/BUILD_ID exists). Two steps,
// `compile` then `generate`, skip next's type-check: it is CPU-heavy on a shared machine and
// would fail the bench on another module's work-in-progress types; `npm run typecheck` covers it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { benchDistDir, benchEnv } from "./env";
import { createFreshBenchDb } from "./fresh-db";

const guarded = ["tsconfig.json", "next-env.d.ts"];

/** True when the build in .next-bench has every app route in `routes` (e.g. "api/ready"). */
function hasRoutes(routes: string[]): boolean {
  return routes.every((r) => fs.existsSync(path.join(benchDistDir, "server", "app", r, "route.js")));
}

/**
 * Returns the build's seconds, or null when an existing build was reused. A build older than a
 * route a phase needs (`routes`, e.g. the JSON checkout API) is rebuilt, not reused.
 */
export function ensureBenchBuild(rebuild: boolean, routes: string[] = []): number | null {
  if (!rebuild && fs.existsSync(path.join(benchDistDir, "BUILD_ID")) && hasRoutes(routes)) return null;
  fs.rmSync(benchDistDir, { recursive: true, force: true });
  createFreshBenchDb("build"); // pages prerendered at build time read an empty, migrated catalog
  const env = benchEnv("build", 0);
  // next build may rewrite these shared files for its dist dir; put them back byte for byte.
  const saved = new Map(guarded.map((f) => [f, fs.existsSync(f) ? fs.readFileSync(f) : null]));
  const started = performance.now();
  try {
    for (const mode of ["compile", "generate"]) {
      const r = spawnSync(
        process.execPath,
        ["node_modules/next/dist/bin/next", "build", `--experimental-build-mode=${mode}`],
        {
          stdio: "inherit",
          env,
        },
      );
      if (r.status !== 0) throw new Error(`next build (${mode}) failed with exit code ${r.status}`);
    }
  } finally {
    for (const [file, content] of saved) {
      if (content && !fs.readFileSync(file).equals(content)) {
        fs.writeFileSync(file, content);
        console.log(`bench: restored ${file} (next build had rewritten it)`);
      }
    }
  }
  return (performance.now() - started) / 1000;
}
