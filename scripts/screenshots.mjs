// `npm run screenshots`: pictures of the shop for anyone who wants to look without running it —
// home, a listing, a family page, a top-up page (account checked) and a delivered order page, on
// a desktop (1280×800) and a 390×844 phone — written to screenshots/ (not committed).
// Reuses a running shop at E2E_BASE_URL; otherwise starts the end-to-end server (a fresh
// database, the sandbox catalog, a production build unless E2E_SKIP_BUILD=1) and stops it after.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium, devices } from "@playwright/test";
import { e2ePort } from "../tests/e2e/e2e-env.mjs";

const outDir = path.resolve("screenshots");
const baseUrl = process.env.E2E_BASE_URL ?? `http://localhost:${e2ePort}`;
const viewports = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  phone: {
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
};

async function healthy() {
  try {
    return (await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function startServer() {
  if (await healthy()) return null;
  if (process.env.E2E_BASE_URL) throw new Error(`E2E_BASE_URL ${baseUrl} does not answer`);
  console.log("screenshots: starting the end-to-end server (this builds the shop unless E2E_SKIP_BUILD=1)…");
  const child = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
    env: process.env,
  });
  const deadline = Date.now() + 15 * 60_000;
  while (!(await healthy())) {
    if (child.exitCode !== null) throw new Error("the end-to-end server exited before it answered");
    if (Date.now() > deadline) throw new Error("the end-to-end server did not answer in 15 minutes");
    await new Promise((r) => setTimeout(r, 1000));
  }
  return child;
}

/** Each page: a path, or steps that bring the page to the state worth showing. */
const shots = [
  { name: "home", go: (page) => page.goto("/") },
  { name: "listing", go: (page) => page.goto("/t/game_card") },
  { name: "family", go: (page) => page.goto("/f/steam-game-card?region=EU&value=20") },
  {
    name: "topup",
    go: async (page) => {
      await page.goto("/f/pubg-mobile-direct-top-up");
      await page.getByLabel(/Player ID/).fill("12345678");
      await page.getByRole("button", { name: "Check account" }).click();
      await page.getByTestId("account-name").waitFor();
      await page.getByTestId("value-picker").getByRole("link").nth(1).click();
      await page.waitForURL(/value=/);
      await page.getByTestId("account-name").waitFor();
    },
  },
  {
    name: "order",
    go: async (page) => {
      await page.goto("/checkout?item=TEST-INSTANT&qty=1");
      await page.getByLabel(/^Email/).fill(`screenshots-${Date.now()}@example.com`);
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM/YY)").fill("12/30");
      await page.getByLabel("CVC").fill("123");
      await page.getByRole("button", { name: /^Pay / }).click();
      await page.waitForURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
      await page.getByText("Delivered", { exact: true }).first().waitFor({ timeout: 30_000 });
    },
  },
];

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  fs.mkdirSync(outDir, { recursive: true });
  for (const [device, options] of Object.entries(viewports)) {
    const context = await browser.newContext({ ...options, baseURL: baseUrl, locale: "en-US" });
    const page = await context.newPage();
    for (const shot of shots) {
      await shot.go(page);
      await page.waitForLoadState("networkidle").catch(() => undefined);
      const file = path.join(outDir, `${shot.name}-${device}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`screenshots: ${path.relative(process.cwd(), file)}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
}
