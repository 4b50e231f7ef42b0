// `npm run lint`: every check of the code that is not a test, each run whatever the others said,
// then one line per check and an exit code. ESLint (Next's and typescript-eslint's rules),
// Prettier (formatting), dependency-cruiser (which way imports point, no cycles, no client
// bundle reaching the database: .dependency-cruiser.cjs and scripts/check-imports.mjs) and jscpd
// (no block of ten or more lines written twice: .jscpd.json).
// `--json FILE` also writes { passed, failed, checks } for the test runner.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const sources = ["app", "components", "lib", "scripts", "tests", "proxy.ts", "instrumentation.ts"];
const checks = [
  { name: "eslint", args: ["eslint", "--max-warnings=0", "."] },
  { name: "prettier", args: ["prettier", "--check", "--log-level=warn", "."] },
  { name: "imports", args: ["node", "scripts/check-imports.mjs", ...sources] },
  { name: "copies", args: ["jscpd", "app", "components", "lib", "scripts", "proxy.ts", "instrumentation.ts"] },
];

const results = checks.map(({ name, args }) => {
  console.log(`\n── lint: ${name} ──`);
  const r = spawnSync("npx", ["--no-install", ...args], { stdio: "inherit" });
  return { name, ok: r.status === 0 };
});

console.log("");
for (const r of results) console.log(`${r.ok ? "ok    " : "FAILED"} ${r.name}`);
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
const jsonAt = process.argv.indexOf("--json");
if (jsonAt > 0) fs.writeFileSync(process.argv[jsonAt + 1], JSON.stringify({ passed, failed, checks: results }));
process.exit(failed > 0 ? 1 : 0);
