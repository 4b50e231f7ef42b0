// Bench child: `webhook-phase.ts <samples>`. Webhook-to-page latency in Chromium: a shopper's
// TEST-PENDING order page is open; after a random pause the sandbox settles the order and posts
// its signed order.completed webhook (the control surface's flushWebhooks returns once the shop
// answered it); the time until the page shows the line Delivered is what the shopper waits.
// Prints one BENCH_RESULT line.
import { chromium } from "@playwright/test";
import { printResult } from "./child";
import { placeTestOrder } from "./order-probe";
import { benchBaseUrl, startBenchServer } from "./server";
import { summarise, type Summary } from "./stats";

export type WebhookFigures = { samples: number; webhookToPageMs: Summary; settleToPageMs: Summary; missed: number };

async function control(action: string, body: object = {}): Promise<Record<string, any>> {
  const res = await fetch(`${benchBaseUrl}/sandbox/control/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-API-Key": process.env.SANDBOX_API_KEY ?? "" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`control ${action}: ${res.status}`);
  return (await res.json()) as Record<string, any>;
}

async function main(): Promise<void> {
  const samples = Number(process.argv[2] ?? 12);
  const server = await startBenchServer({
    ...process.env,
    SANDBOX_WEBHOOK_URL: `${benchBaseUrl}/api/webhooks/upstream`,
    SANDBOX_SETTLE_MS: "3600000",
    BACKGROUND_JOBS: "false",
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const toPage: number[] = [];
  const fromSettle: number[] = [];
  let missed = 0;
  try {
    const page = await browser.newPage();
    for (let i = 0; i < samples; i++) {
      const token = await placeTestOrder(benchBaseUrl, "TEST-PENDING", `bench-webhook-${i}@example.com`);
      await page.goto(`${benchBaseUrl}/orders/${token}`);
      await page.getByTestId("line-status").first().waitFor();
      // Hydrated and polling/listening; then a pause so the webhook lands at any point of a poll cycle.
      await page.waitForLoadState("networkidle").catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 1000));
      const orders = (await control("listOrders")).data.orders as { order_id: number; status: string }[];
      const orderId = Math.max(...orders.filter((o) => o.status === "pending").map((o) => o.order_id));
      const settleAt = performance.now();
      await control("settleNow", { orderId });
      await control("flushWebhooks");
      const webhookAt = performance.now();
      const shown = await page
        .waitForFunction(
          () =>
            [...document.querySelectorAll('[data-testid="line-status"]')].every((e) => e.textContent === "Delivered"),
          null,
          { polling: "raf", timeout: 15_000 },
        )
        .then(
          () => true,
          () => false,
        );
      if (!shown) {
        missed++;
        continue;
      }
      const at = performance.now();
      toPage.push(at - webhookAt);
      fromSettle.push(at - settleAt);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  printResult({
    samples,
    webhookToPageMs: summarise(toPage),
    settleToPageMs: summarise(fromSettle),
    missed,
  } satisfies WebhookFigures);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error("bench webhook phase failed:", error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
