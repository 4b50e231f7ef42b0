// Runs every test runner (unit + integration with Vitest, the integration suite once on SQLite
// and once on PostgreSQL, end-to-end with Playwright, which includes the two-instance
// PostgreSQL run) and ends with one line "N passed, N failed" totalling all of them.
// Exit code 1 on any failure. PostgreSQL: TEST_POSTGRES_URL, else a local server made ready by
// scripts/postgres-up.sh.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

fs.mkdirSync("test-results", { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
let passed = 0;
let failed = 0;
let crashed = false;

function run(label, cmd, args, extraEnv = {}) {
  console.log(`\n── ${label} ──`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

if (!process.env.TEST_POSTGRES_URL && run("PostgreSQL", "bash", ["scripts/postgres-up.sh"]) !== 0) {
  console.log("PostgreSQL is not available: the PostgreSQL runs will fail.");
}

const vitestFile = "test-results/vitest.json";
fs.rmSync(vitestFile, { force: true });
const vitestCode = run("unit + integration (vitest)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${vitestFile}`,
]);
const vitest = readJson(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
if (!vitest || (vitestCode !== 0 && vitest.numFailedTests === 0)) crashed = true;

const pwFile = "test-results/playwright.json";
fs.rmSync(pwFile, { force: true });
const pwCode = run("end-to-end (playwright, chromium)", "npx", ["playwright", "test"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile,
});
const pw = readJson(pwFile);
if (pw?.stats) {
  passed += pw.stats.expected + pw.stats.flaky;
  failed += pw.stats.unexpected;
}
if (!pw?.stats || (pwCode !== 0 && pw.stats.unexpected === 0)) crashed = true;

if (crashed) console.log("\nA test runner stopped before reporting its results (see its output above).");
console.log(`\n${passed} passed, ${failed + (crashed ? 1 : 0)} failed`);
process.exit(failed > 0 || crashed ? 1 : 0);
