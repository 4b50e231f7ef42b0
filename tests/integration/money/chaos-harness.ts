// The world of the money chaos test: the real shop code against an in-process sandbox on a
// virtual clock, the TEST payment provider (its own books in the database), webhooks that can be
// delivered, duplicated, held, dropped or claimed-then-abandoned, and crash points. A crash is a
// call that never returns: the worker is dead at that await, its later writes never happen, and
// its claims and leases stay until they expire — exactly what a killed process leaves behind.
import { AsyncLocalStorage } from "node:async_hooks";
import { createSandbox } from "@/lib/sandbox";
import { setPaymentProvider } from "@/lib/payments";
import type { PaymentProvider } from "@/lib/payments/provider";
import { createTestProvider } from "@/lib/payments/test-provider";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { receiveWebhook } from "@/lib/webhooks/inbox";
import { claimDelivery } from "@/lib/webhooks/record";
import { upstreamClaimFacts, upstreamWebhooks } from "@/lib/webhooks/upstream/source";
import { verifyWebhook } from "@/lib/webhooks/upstream/verify";
import { ensureSandboxProducts } from "../../helpers/catalog-fixtures";

export const chaosSkus = [
  "TEST-INSTANT",
  "TEST-PENDING",
  "TEST-PENDING-FAIL",
  "TEST-FAIL",
  "TEST-OOS",
  "TEST-TOPUP",
  "TEST-TOPUP-PENDING",
] as const;
export type ChaosSku = (typeof chaosSkus)[number];

export const crashPoints = [
  "beforeCharge",
  "afterCharge",
  "beforeRefund",
  "afterRefund",
  "beforePurchase",
  "afterPurchase",
  "afterRead",
  "duringCheck",
  "duringSearch",
] as const;
export type CrashPoint = (typeof crashPoints)[number];

export type WebhookMode = "deliver" | "duplicate" | "hold" | "drop" | "claimThenCrash";

const apiKey = "sandbox_test_key_0123456789";
const secret = "whsec_test_secret";

/** Which operation is running, so a crash point hangs that operation alone. */
const current = new AsyncLocalStorage<{ hung: () => void; label: string; dead?: boolean }>();

/** A dead operation never reaches anything again (a timeout racing its hung call must not revive it). */
const never = () => new Promise<never>(() => undefined);
const isDead = () => current.getStore()?.dead === true;

/**
 * What the chaos actually did (printed by the test): crash points armed and fired (and in which
 * operation), and the upstream answers the faults produced, so a run shows whether it really
 * reached the windows it claims to.
 */
export const chaosStats = {
  armed: {} as Record<string, number>,
  fired: {} as Record<string, number>,
  upstream: {} as Record<string, number>,
};
const bump = (m: Record<string, number>, k: string) => (m[k] = (m[k] ?? 0) + 1);

export async function createChaosWorld() {
  const clock = { ms: Date.parse("2026-11-25T12:00:00Z") };
  const hooks = {
    /** Crash points armed (each fires once, at the next call that reaches it). */
    armed: new Set<CrashPoint>(),
    webhooks: "deliver" as WebhookMode,
    held: [] as { url: string; init: RequestInit }[],
    /** The next purchase is made upstream, but its answer comes after our client gave up. */
    slowNextPurchase: false,
    /** The next refund is refused by the payment provider (final: staff must act). */
    refuseNextRefund: false,
  };

  /** The armed crash point, if `point`: the call never returns (and tells its operation). */
  function crashIf(point: CrashPoint): Promise<never> | null {
    if (!hooks.armed.has(point)) return null;
    hooks.armed.delete(point);
    bump(chaosStats.fired, `${point} in ${current.getStore()?.label ?? "?"}`);
    const store = current.getStore();
    if (store) store.dead = true;
    store?.hung();
    return never();
  }

  const deliverWebhook = async (url: string, init: RequestInit): Promise<Response> => {
    const mode = hooks.webhooks;
    if (mode === "hold") {
      hooks.held.push({ url, init });
      return new Response(null, { status: 204 });
    }
    if (mode === "drop") return new Response(null, { status: 503 }); // the sandbox retries it later
    if (mode === "claimThenCrash") {
      // Verified and claimed, then the process died before applying it: only the resume job can finish it.
      const bytes = new Uint8Array(await new Request(url, init).arrayBuffer());
      const headers = new Headers(init.headers);
      const v = verifyWebhook({ rawBody: bytes, headers, secrets: [{ label: "current", secret }], nowMs: clock.ms });
      if (v.ok)
        await claimDelivery(
          "upstream",
          { headers, bytes, size: bytes.byteLength },
          upstreamClaimFacts(v.body, "current"),
        );
      return new Response(null, { status: 200 });
    }
    const res = await receiveWebhook(upstreamWebhooks, new Request(url, init), clock.ms);
    if (mode === "duplicate") await receiveWebhook(upstreamWebhooks, new Request(url, init), clock.ms);
    return res;
  };

  const sandbox = createSandbox({
    dbPath: ":memory:",
    apiKey,
    settleMs: 90_000,
    now: () => clock.ms,
    webhookUrl: "http://shop.test/api/webhooks/upstream",
    webhookSecret: secret,
    deliver: deliverWebhook,
  });

  const upstreamFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (isDead()) return never();
    const url = String(input);
    const method = init?.method ?? "GET";
    const purchase = method === "POST" && /\/v1\/orders$/.test(url);
    const read = method === "GET" && /\/v1\/orders\/\d+$/.test(url);
    const hangBefore = purchase
      ? crashIf("beforePurchase")
      : method === "POST" && /\/orders\/check$/.test(url)
        ? crashIf("duringCheck")
        : method === "GET" && /\/v1\/orders(\?|$)/.test(url)
          ? crashIf("duringSearch")
          : null;
    if (hangBefore) return hangBefore;
    const res = await sandbox.fetch(input, init);
    if (!res.ok) bump(chaosStats.upstream, `${method} ${new URL(url).pathname.replace(/\d+/g, "{id}")} ${res.status}`);
    const hang = purchase ? crashIf("afterPurchase") : read ? crashIf("afterRead") : null;
    if (hang) return hang;
    if (purchase && hooks.slowNextPurchase) {
      // Made upstream, answered too late: the client has given up (an unknown outcome).
      hooks.slowNextPurchase = false;
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    }
    return res;
  }) as typeof fetch;
  // Timeouts far beyond a test run: a hung call is a dead process, never a late timeout.
  const installUpstreamClient = (purchaseTimeoutMs: number) =>
    setUpstream(
      new UpstreamClient({
        baseUrl: "http://sandbox.test/sandbox/v1",
        apiKey,
        fetch: upstreamFetch,
        budget: null,
        timeoutMs: purchaseTimeoutMs,
        purchaseTimeoutMs,
      }),
    );
  installUpstreamClient(600_000);

  const test = createTestProvider({ delayMs: 60_000 });
  const provider: PaymentProvider = {
    ...test,
    async createPayment(input) {
      if (isDead()) return never();
      const before = crashIf("beforeCharge");
      if (before) return before;
      const r = await test.createPayment(input);
      return crashIf("afterCharge") ?? r;
    },
    async refund(input) {
      if (isDead()) return never();
      const before = crashIf("beforeRefund");
      if (before) return before;
      if (hooks.refuseNextRefund) {
        hooks.refuseNextRefund = false;
        return { providerRef: "", status: "failed", failureReason: "refused by the card issuer" };
      }
      const r = await test.refund(input);
      return crashIf("afterRefund") ?? r;
    },
  };
  setPaymentProvider(provider);

  await ensureSandboxProducts(chaosSkus, { maxQuantity: 5 });

  return {
    sandbox,
    control: sandbox.control,
    clock,
    hooks,
    installUpstreamClient,
    now: () => new Date(clock.ms),
    /**
     * Runs one operation of the shop; resolves when it finishes or when it crashed (hung at a crash
     * point, never to continue). Errors are part of the chaos: they end the operation, like a 500.
     */
    async run(op: () => Promise<unknown>, label = "op"): Promise<"done" | "crashed" | "threw"> {
      let hung!: () => void;
      const crashed = new Promise<"crashed">((resolve) => (hung = () => resolve("crashed")));
      const work = current.run({ hung, label }, () =>
        op().then(
          () => "done" as const,
          (e) => (process.env.CHAOS_DEBUG && console.error("chaos op threw:", e), "threw" as const),
        ),
      );
      return Promise.race([work, crashed]);
    },
    /** Delivers what the sandbox has due (webhook mode decides how) and waits for the receiver's work. */
    async flushWebhooks() {
      await sandbox.control.flushWebhooks();
      await waitForAfterResponseTasks();
    },
    /** Delivers deliveries held back earlier (late; the receiver refuses ones older than 5 minutes). */
    async releaseHeld() {
      const held = hooks.held.splice(0);
      for (const d of held) await receiveWebhook(upstreamWebhooks, new Request(d.url, d.init), clock.ms);
      await waitForAfterResponseTasks();
    },
    close() {
      setPaymentProvider(null);
      setUpstream(null);
      sandbox.close();
    },
  };
}
export type ChaosWorld = Awaited<ReturnType<typeof createChaosWorld>>;
