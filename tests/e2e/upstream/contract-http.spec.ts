// The upstream contract suite's HTTP leg, run against this built app's sandbox at
// /sandbox/v1 over real HTTP (the in-process leg runs with the integration tests).
import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";

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
        UPSTREAM_HTTP_API_KEY: process.env.E2E_SANDBOX_API_KEY ?? "sandbox_e2e_key_0123456789",
      },
    },
  );
  const output = `${result.stdout}\n${result.stderr}`;
  expect(output, output).not.toContain("skipped —");
  expect(output).toMatch(/Tests\s+\S*\s*\d+ passed/);
  expect(result.status, output).toBe(0);
});
