// No secret in the client bundle: scans every file the browser can download from the e2e build
// (.next-e2e/static) for the secrets scripts/e2e-server.mjs starts the shop with, and for the
// database's column names, which only the database client's browser stub would bring there.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { e2eSecrets } from "../e2e-env.mjs";

const staticDir = path.resolve(process.env.E2E_DIST_DIR ?? ".next-e2e", "static");
const secrets = e2eSecrets;

// Columns no page has a reason to name; the generated client's browser stub lists every one.
const columnNames = ["passwordHash", "totpSecretEnc", "codesEnc", "fieldsEnc", "secretEnc", "tokenHash", "keyHash"];

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

test("the built client chunks contain none of the server secrets", () => {
  test.skip(
    Boolean(process.env.E2E_BASE_URL) && !fs.existsSync(staticDir),
    "no e2e build to scan (run without E2E_BASE_URL)",
  );
  const files = listFiles(staticDir);
  expect(files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(10);
  const leaks: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file).toString("latin1");
    for (const [name, value] of Object.entries(secrets)) {
      if (text.includes(value)) leaks.push(`${name} in ${path.relative(staticDir, file)}`);
    }
  }
  expect(leaks).toEqual([]);
});

test("the built client chunks name none of the database's columns", () => {
  test.skip(
    Boolean(process.env.E2E_BASE_URL) && !fs.existsSync(staticDir),
    "no e2e build to scan (run without E2E_BASE_URL)",
  );
  const leaks = listFiles(staticDir).flatMap((file) => {
    const text = fs.readFileSync(file).toString("latin1");
    return columnNames.filter((c) => text.includes(c)).map((c) => `${c} in ${path.relative(staticDir, file)}`);
  });
  expect(leaks).toEqual([]);
});
