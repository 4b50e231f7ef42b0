// The sandbox upstream with webhooks ON, delivering straight into the receiver's POST handler
// (or into a holding queue, to replay deliveries in any order), plus a one-call paid order.
import { createSandbox } from "@/lib/sandbox";
import { POST } from "@/app/api/webhooks/upstream/route";
import { db } from "@/lib/db";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { ensureSandboxProducts } from "../../helpers/catalog-fixtures";
import { testSecret } from "./delivery";

const apiKey = "sandbox_test_key_0123456789";
const receiverUrl = "http://shop.test/api/webhooks/upstream";
const testSkus = ["TEST-INSTANT", "TEST-PENDING", "TEST-PENDING-FAIL"];

export type HeldDelivery = { url: string; init: RequestInit; event: string };

/** Sandbox + shop wired together; `hold` keeps deliveries for `replay` instead of posting them. */
export async function createWebhookHarness() {
  const state = { hold: false, held: [] as HeldDelivery[] };
  const sandbox = createSandbox({
    dbPath: ":memory:",
    apiKey,
    settleMs: 60_000,
    webhookUrl: receiverUrl,
    webhookSecret: testSecret,
    deliver: async (url, init) => {
      if (state.hold) {
        state.held.push({ url, init, event: new Headers(init.headers).get("x-webhook-event") ?? "" });
        return new Response(null, { status: 204 });
      }
      return POST(new Request(url, init));
    },
  });
  setUpstream(new UpstreamClient({ baseUrl: "http://sandbox.test/v1", apiKey, fetch: sandbox.fetch, budget: null }));
  await ensureSandboxProducts(testSkus);
  return {
    sandbox,
    control: sandbox.control,
    state,
    /** Delivers every queued webhook and waits until the receiver has settled them. */
    async flush() {
      const result = await sandbox.control.flushWebhooks();
      await waitForAfterResponseTasks();
      return result;
    },
    /** Posts a held delivery to the receiver exactly as the sandbox sent it. */
    async replay(d: HeldDelivery) {
      const res = await POST(new Request(d.url, d.init));
      await waitForAfterResponseTasks();
      return res;
    },
    /** Checks out and pays one unit, then buys it upstream (what happens right after payment). */
    async buy(itemCode: string) {
      const items = [{ itemCode, quantity: 1 }];
      const quote = await quoteItems(items);
      const r = await placeOrder({
        email: "buyer@example.com",
        items,
        card: { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" },
        expectedTotal: quote.total.toFixed(2),
      });
      if (!r.ok) throw new Error(r.message);
      await fulfilPaidOrder(r.orderId);
      const line = await db.orderLine.findFirstOrThrow({ where: { orderId: r.orderId } });
      return { orderId: r.orderId, token: r.token, line };
    },
    line(id: string) {
      return db.orderLine.findUniqueOrThrow({ where: { id } });
    },
    close() {
      setUpstream(null);
      sandbox.close();
    },
  };
}
