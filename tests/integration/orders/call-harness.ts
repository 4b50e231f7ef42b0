// The shopper's browser flow in-process, with every upstream call counted: an in-process sandbox
// (webhooks on, delivered straight into the shop's inbox) behind a counting fetch, a clock that
// tests may move forward, and the test SKUs as catalog rows.
import { createSandbox } from "@/lib/sandbox";
import { db } from "@/lib/db";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { receiveWebhook } from "@/lib/webhooks/inbox";
import { upstreamWebhooks } from "@/lib/webhooks/upstream/source";
import { ensureSandboxProducts } from "../../helpers/catalog-fixtures";
import { testSecret } from "../webhooks/delivery";

const apiKey = "sandbox_test_key_0123456789";

export type CallHarness = Awaited<ReturnType<typeof createCallHarness>>;

/** Sandbox + shop; `calls()` is every upstream request since the last `resetCalls()`, by route. */
export async function createCallHarness() {
  const clock = { offsetMs: 0 };
  const nowMs = () => Date.now() + clock.offsetMs;
  const sandbox = createSandbox({
    dbPath: ":memory:",
    apiKey,
    settleMs: 60_000,
    now: nowMs,
    webhookUrl: "http://shop.test/api/webhooks/upstream",
    webhookSecret: testSecret,
    deliver: async (url, init) => receiveWebhook(upstreamWebhooks, new Request(url, init), nowMs()),
  });
  let routes: string[] = [];
  const counting = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    routes.push(`${method} ${url.pathname.replace(/^.*\/v1/, "").replace(/\/\d+$/, "/:id")}`);
    return sandbox.fetch(input, init);
  }) as typeof fetch;
  setUpstream(new UpstreamClient({ baseUrl: "http://sandbox.test/v1", apiKey, fetch: counting, budget: null }));
  await ensureSandboxProducts(["TEST-INSTANT", "TEST-PENDING", "TEST-TOPUP", "TEST-TOPUP-PENDING"]);
  return {
    sandbox,
    control: sandbox.control,
    clock,
    now: () => new Date(nowMs()),
    /** The upstream routes called since the last reset, in order ("POST /orders/check", …). */
    calls: () => [...routes],
    resetCalls() {
      routes = [];
    },
    /** Runs what was left for after the response, delivers queued webhooks, and settles them. */
    async settle() {
      await waitForAfterResponseTasks();
      await sandbox.control.flushWebhooks();
      await waitForAfterResponseTasks();
    },
    lineOf: (orderId: string) => db.orderLine.findFirstOrThrow({ where: { orderId } }),
    close() {
      setUpstream(null);
      sandbox.close();
    },
  };
}
