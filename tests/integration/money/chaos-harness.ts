// The world of the money chaos test: the real shop code against an in-process sandbox on a
// virtual clock, the TEST payment provider (its own books in the database), webhooks that can be
// delivered, duplicated, held, dropped or claimed-then-abandoned, and crash points. A crash is a
// call that never returns: the worker is dead at that await, its later writes never happen, and
// its claims and leases stay until they expire — exactly what a killed process leaves behind.
// With two suppliers (main and b) each has its own sandbox, client, webhook endpoint and faults,
// all on the one clock (docs/suppliers.md#sandbox).
import { AsyncLocalStorage } from "node:async_hooks";
import { createSandbox, type Sandbox } from "@/lib/sandbox";
import { setPaymentProvider } from "@/lib/payments";
import type { PaymentProvider } from "@/lib/payments/provider";
import { createTestProvider } from "@/lib/payments/test-provider";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { receiveWebhook } from "@/lib/webhooks/inbox";
import { claimDelivery } from "@/lib/webhooks/record";
import { upstreamClaimFacts, upstreamWebhooksFor, webhookSourceNameOf } from "@/lib/webhooks/upstream/source";
import { verifyWebhook } from "@/lib/webhooks/upstream/verify";
import { ensureSandboxProducts } from "../../helpers/catalog-fixtures";
import { clientForB, configureSupplierB, createSandboxB } from "../suppliers/two-suppliers";

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
/** Supplier b's webhook secret: b's deliveries verify at b's endpoint alone. */
const secretB = "whsec_test_secret_b";
const secrets: Record<string, string> = { main: secret, b: secretB };

/** The suppliers a chaos world runs: main alone, or main and b. */
export type ChaosSuppliers = readonly ["main"] | readonly ["main", "b"];

/** Which operation is running, so a crash point hangs that operation alone. */
const current = new AsyncLocalStorage<{ hung: () => void; label: string; dead?: boolean; noCrash?: boolean }>();

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
  /** Webhook deliveries the shop received, by supplier and the status it answered. */
  webhooks: {} as Record<string, number>,
  /** With several suppliers: lines bought at each, and failovers by supplier and reason. */
  routing: {} as Record<string, number>,
};
export const bump = (m: Record<string, number>, k: string) => (m[k] = (m[k] ?? 0) + 1);

export async function createChaosWorld(opts: { suppliers?: ChaosSuppliers } = {}) {
  const suppliers: readonly string[] = opts.suppliers ?? ["main"];
  const restoreEnv = suppliers.includes("b") ? configureSupplierB({ UPSTREAM_B_WEBHOOK_SECRET: secretB }) : null;
  const clock = { ms: Date.parse("2026-11-25T12:00:00Z") };
  const hooks = {
    /** Crash points armed (each fires once, at the next call that reaches it). */
    armed: new Set<CrashPoint>(),
    webhooks: "deliver" as WebhookMode,
    held: [] as { supplier: string; url: string; init: RequestInit }[],
    /** Per supplier: the next purchase is made upstream, but its answer comes after our client gave up. */
    slowNextPurchase: {} as Record<string, boolean>,
    /** The next refund is refused by the payment provider (final: staff must act). */
    refuseNextRefund: false,
  };

  /** The armed crash point, if `point`: the call never returns (and tells its operation). */
  function crashIf(point: CrashPoint): Promise<never> | null {
    if (!hooks.armed.has(point) || current.getStore()?.noCrash) return null;
    hooks.armed.delete(point);
    bump(chaosStats.fired, `${point} in ${current.getStore()?.label ?? "?"}`);
    const store = current.getStore();
    if (store) store.dead = true;
    store?.hung();
    return never();
  }

  /** A supplier's deliveries go to its own endpoint in the shop, verified with its own secret. */
  const sourceOf = (supplier: string) => upstreamWebhooksFor(supplier)!;
  const deliverWebhook =
    (supplier: string) =>
    async (url: string, sent: RequestInit): Promise<Response> => {
      const init = stampedNow(sent);
      const mode = hooks.webhooks;
      if (mode === "hold") {
        hooks.held.push({ supplier, url, init });
        return new Response(null, { status: 204 });
      }
      if (mode === "drop") return new Response(null, { status: 503 }); // the sandbox retries it later
      if (mode === "claimThenCrash") {
        // Verified and claimed, then the process died before applying it: only the resume job can finish it.
        const bytes = new Uint8Array(await new Request(url, init).arrayBuffer());
        const headers = new Headers(init.headers);
        const v = verifyWebhook({
          rawBody: bytes,
          headers,
          secrets: [{ label: "current", secret: secrets[supplier]! }],
          nowMs: clock.ms,
        });
        if (v.ok)
          await claimDelivery(
            webhookSourceNameOf(supplier),
            { headers, bytes, size: bytes.byteLength },
            upstreamClaimFacts(v.body, "current", supplier),
          );
        return new Response(null, { status: 200 });
      }
      const res = await receive(supplier, url, init);
      if (mode === "duplicate") await receive(supplier, url, init);
      return res;
    };
  /**
   * The sandbox stamps a delivery with the wall clock (lib/sandbox/webhooks.ts), and the clock of
   * this world is `clock`: the stamp is the world's time of sending, as a sender's would be. (The
   * signature covers the body alone.) Otherwise every delivery would be refused as stale or
   * early, or accepted only while the virtual clock happens to pass the real one.
   */
  const stampedNow = (init: RequestInit): RequestInit => {
    const headers = new Headers(init.headers);
    headers.set("X-Webhook-Timestamp", String(Math.floor(clock.ms / 1000)));
    return { ...init, headers };
  };
  /**
   * A delivery is received, and its order read back after the answer (a tracked after-response
   * task). No crash point fires in that task: a task hung for ever would hold every later wait for
   * the tasks; a process dying there leaves a claimed delivery, which `claimThenCrash` covers.
   */
  const receive = async (supplier: string, url: string, init: RequestInit) => {
    const outer = current.getStore();
    const res = await current.run({ hung: () => undefined, label: "webhook", ...outer, noCrash: true }, () =>
      receiveWebhook(sourceOf(supplier), new Request(url, init), clock.ms),
    );
    bump(chaosStats.webhooks, `${supplier} ${res.status}`);
    return res;
  };

  const sandboxes: Record<string, Sandbox> = {
    main: createSandbox({
      dbPath: ":memory:",
      apiKey,
      settleMs: 90_000,
      now: () => clock.ms,
      webhookUrl: "http://shop.test/api/webhooks/upstream",
      webhookSecret: secret,
      deliver: deliverWebhook("main"),
    }),
  };
  if (suppliers.includes("b"))
    sandboxes.b = createSandboxB(() => clock.ms, {
      settleMs: 90_000,
      // A small catalog besides the TEST SKUs: each offers sync reads it whole.
      catalogSize: 20,
      webhookUrl: "http://shop.test/api/webhooks/upstream/b",
      webhookSecret: secretB,
      deliver: deliverWebhook("b"),
    });
  const sandbox = sandboxes.main!;

  const upstreamFetchFor = (supplier: string) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      const upstream = sandboxes[supplier]!;
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
      const res = await upstream.fetch(input, init);
      if (!res.ok)
        bump(
          chaosStats.upstream,
          `${supplier} ${method} ${new URL(url).pathname.replace(/\d+/g, "{id}")} ${res.status}`,
        );
      const hang = purchase ? crashIf("afterPurchase") : read ? crashIf("afterRead") : null;
      if (hang) return hang;
      if (purchase && hooks.slowNextPurchase[supplier]) {
        // Made upstream, answered too late: the client has given up (an unknown outcome).
        hooks.slowNextPurchase[supplier] = false;
        throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
      }
      return res;
    }) as typeof fetch;
  // Timeouts far beyond a test run: a hung call is a dead process, never a late timeout.
  const timeouts = { timeoutMs: 600_000, purchaseTimeoutMs: 600_000 };
  setUpstream(
    new UpstreamClient({
      baseUrl: "http://sandbox.test/sandbox/v1",
      apiKey,
      fetch: upstreamFetchFor("main"),
      budget: null,
      ...timeouts,
    }),
  );
  if (sandboxes.b) setUpstream(clientForB(upstreamFetchFor("b"), timeouts), "b");

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

  // Face value 1, as the sandbox lists the TEST SKUs: so b's rows match them as offers (docs/suppliers.md#matching).
  await ensureSandboxProducts(chaosSkus, { maxQuantity: 5, faceValue: "1" });

  return {
    suppliers,
    sandbox,
    control: sandbox.control,
    /** Each supplier's sandbox, by name. */
    sandboxes,
    clock,
    hooks,
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
    /** Every supplier's sandbox settles what is due on the clock. */
    async settleDue() {
      for (const s of suppliers) await sandboxes[s]!.control.settleDue();
    },
    /** Delivers what the sandbox has due (webhook mode decides how) and waits for the receiver's work. */
    async flushWebhooks() {
      for (const s of suppliers) await sandboxes[s]!.control.flushWebhooks();
      await waitForAfterResponseTasks();
    },
    /** Delivers deliveries held back earlier (late; the receiver refuses ones older than 5 minutes). */
    async releaseHeld() {
      const held = hooks.held.splice(0);
      for (const d of held) await receive(d.supplier, d.url, d.init);
      await waitForAfterResponseTasks();
    },
    close() {
      setPaymentProvider(null);
      setUpstream(null);
      if (sandboxes.b) setUpstream(null, "b");
      for (const s of Object.values(sandboxes)) s.close();
      restoreEnv?.();
    },
  };
}
export type ChaosWorld = Awaited<ReturnType<typeof createChaosWorld>>;
