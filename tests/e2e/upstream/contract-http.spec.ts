// The upstream contract suite's HTTP leg, run against this built app's sandbox at
// /sandbox/v1 over real HTTP (the in-process leg runs with the integration tests).
import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { e2eSecrets } from "../e2e-env.mjs";

test("the upstream client passes its contract suite over HTTP against the served sandbox", async ({ baseURL }) => {
  test.setTimeout(180_000);
  const result = spawnSync(
    "npx",
    ["vitest", "run", "--project", "integration", "tests/integration/upstream/contract-http.test.ts"],
    {
      encoding: "utf8",
      env: {
        ...process.env,
        UPSTREAM_HTTP_BASE_URL: `${baseURL}/sandbox/v1`,
        UPSTREAM_HTTP_API_KEY: process.env.SANDBOX_API_KEY ?? e2eSecrets.SANDBOX_API_KEY,
        NO_COLOR: "1",
        FORCE_COLOR: "0",
      },
    },
  );
  const output = `${result.stdout}\n${result.stderr}`;
  expect(output, output).not.toContain("skipped —");
  const passed = Number(/Tests\s+(\d+) passed/.exec(output)?.[1] ?? 0);
  expect(passed, output).toBeGreaterThanOrEqual(8);
  expect(result.status, output).toBe(0);
});
