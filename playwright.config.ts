// End-to-end tests in real Chromium (Debian's /usr/bin/chromium) against the built shop,
// started by scripts/e2e-server.mjs on its own port, database and sandbox state.
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, dependencies: ["server-logs-setup"] },
    // The storefront's journeys again on a 390×844 phone (touch, mobile viewport, 3× pixels).
    {
      name: "phone",
      testMatch: /(storefront\/.*|markets\/rtl)\.spec\.ts$/,
      dependencies: ["server-logs-setup"],
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        channel: undefined,
      },
    },
    // The server's log of the whole run is checked once every spec has finished, passed or not:
    // the teardown of a setup project both runs depend on (tests/e2e/logs/).
    { name: "server-logs-setup", testMatch: /server-logs\.setup\.ts$/, teardown: "server-logs" },
    { name: "server-logs", testMatch: /server-logs\.check\.ts$/ },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: "node scripts/e2e-server.mjs",
        url: `${baseURL}/api/health`,
        timeout: 600_000,
        reuseExistingServer: !process.env.CI,
        stdout: "pipe",
        stderr: "pipe",
      },
});
