// A production build refuses to start with an unsafe configuration, naming each variable
// (the rules are unit-tested per combination in lib/live-mode; this proves the wiring: the
// real `next start` of the e2e build, through instrumentation.ts and lib/startup.ts).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { e2eEnv } from "../e2e-env.mjs";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Starts the e2e build with `env`, pokes it once it listens, and returns how it ended (null: killed). */
async function startWith(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const vars = { ...process.env, ...e2eEnv, PORT: String(port), ...env } as NodeJS.ProcessEnv;
  const child = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)],
    { env: vars },
  );
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    // Start-up checks run before the first request is served; a request makes sure they ran.
    if (output.includes("Ready")) fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  // A build that (wrongly) starts is stopped, so a failing run leaves no server behind.
  const stop = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearTimeout(stop);
  return { code, output };
}

test.describe.configure({ mode: "parallel" });

test("refuses the sandbox, test products and the TEST card without DEMO_MODE, and a published sandbox key", async () => {
  test.setTimeout(120_000);
  const { code, output } = await startWith({
    DEMO_MODE: "false",
    APP_URL: "https://shop.example",
    SANDBOX_API_KEY: "sandbox_test_key_0123456789",
  });
  expect(code).toBe(1);
  expect(output).toContain("Refusing to start in production");
  for (const name of [
    "SANDBOX_ENABLED=true",
    "TEST_PRODUCTS_ENABLED",
    "STRIPE_SECRET_KEY is not set",
    "SANDBOX_API_KEY (used as UPSTREAM_API_KEY) has a value published",
  ])
    expect(output).toContain(name);
});

test("refuses a demo pointed at a real upstream", async () => {
  test.setTimeout(120_000);
  const { code, output } = await startWith({
    UPSTREAM_BASE_URL: "https://api.wholesale.example/v1",
    UPSTREAM_API_KEY: crypto.randomBytes(16).toString("hex"),
  });
  expect(code).toBe(1);
  expect(output).toContain("UPSTREAM_BASE_URL (https://api.wholesale.example/v1) is not a sandbox");
});
