import "server-only";
// The /v1 request pipeline: latency → auth → signature → budget → faults → route → late answer →
// envelope (+ rate headers, + optional response encryption). Nothing thrown inside becomes a crash.
import crypto from "node:crypto";
import { errorState } from "@/lib/upstream/contract";
import { encryptData } from "@/lib/upstream/wire-crypto";
import type { Ctx } from "./context";
import { holdAnswer, takeCountedFault, takeResponseDelay } from "./faults";
import { envelopeResponse, fail, SandboxReply } from "./http";
import { listCatalog } from "./catalog-query";
import { purchaseOrder } from "./purchase";
import { consumeBudget } from "./rate-limit";
import { checkStock, getBalance, getInfo, getOrderDetail, listOrders, validateFields } from "./read-routes";
import { issueChallenge, signingActive, verifySignedRequest } from "./signing";
import { bumpCounter } from "./store";
import { readJsonBody } from "./validation";
import { log } from "@/lib/log";

type Route = {
  key: string;
  method: string;
  run: (ctx: Ctx, req: Request, url: URL, param: string) => SandboxReply | Promise<SandboxReply>;
};

const routes: { pattern: RegExp; route: Route }[] = [
  { pattern: /^\/$/, route: { key: "GET /", method: "GET", run: (c) => getInfo(c) } },
  { pattern: /^\/challenge$/, route: { key: "GET /challenge", method: "GET", run: (c) => issueChallenge(c) } },
  { pattern: /^\/balance$/, route: { key: "GET /balance", method: "GET", run: (c) => getBalance(c) } },
  { pattern: /^\/catalog$/, route: { key: "GET /catalog", method: "GET", run: (c, _r, u) => listCatalog(c, u) } },
  {
    pattern: /^\/catalog\/([^/]+)$/,
    route: { key: "GET /catalog/{category}", method: "GET", run: (c, _r, u, p) => listCatalog(c, u, decodeSegment(p)) },
  },
  {
    pattern: /^\/orders\/check$/,
    route: { key: "POST /orders/check", method: "POST", run: async (c, r) => checkStock(c, await readJsonBody(r)) },
  },
  {
    pattern: /^\/orders\/validate-fields$/,
    route: {
      key: "POST /orders/validate-fields",
      method: "POST",
      run: async (c, r) => validateFields(c, await readJsonBody(r)),
    },
  },
  { pattern: /^\/orders$/, route: { key: "GET /orders", method: "GET", run: (c, _r, u) => listOrders(c, u) } },
  {
    pattern: /^\/orders$/,
    route: {
      key: "POST /orders",
      method: "POST",
      run: async (c, r) => purchaseOrder(c, await readJsonBody(r), idempotencyKey(r)),
    },
  },
  {
    pattern: /^\/orders\/([^/]+)$/,
    route: { key: "GET /orders/{id}", method: "GET", run: (c, _r, _u, p) => getOrderDetail(c, p) },
  },
];

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw fail(404, "Category not found.", errorState.notFound);
  }
}

function idempotencyKey(req: Request): string | null {
  return req.headers.get("idempotency-key") ?? req.headers.get("x-idempotency-key");
}

function sameSecret(a: string, b: string): boolean {
  const h = (s: string) => crypto.createHash("sha256").update(s).digest();
  return crypto.timingSafeEqual(h(a), h(b));
}

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });
}

function findRoute(method: string, path: string): { route?: Route; param: string; knownPath: boolean } {
  const matches = routes.flatMap(({ pattern, route }) => {
    const m = pattern.exec(path);
    return m ? [{ route, param: m[1] ?? "" }] : [];
  });
  const hit = matches.find((m) => m.route.method === method);
  return { route: hit?.route, param: hit?.param ?? "", knownPath: matches.length > 0 };
}

/** Handles one /v1 request. Throws TypeError("fetch failed") only for a dropped purchase (dropNextPurchases, dropPurchaseRate). */
export async function handleV1(ctx: Ctx, apiKey: string, req: Request): Promise<Response> {
  const url = new URL(req.url);
  const m = /\/v1(?=\/|$)/.exec(url.pathname);
  const path = m ? url.pathname.slice(m.index + 3).replace(/(.)\/+$/, "$1") || "/" : "";
  const latency = ctx.faults().latencyMs ?? 0;
  if (latency > 0) await sleep(latency, req.signal);
  let rateHeaders: Record<string, string> = {};
  let drop = false;
  let lateMs = 0;
  let reply: SandboxReply;
  try {
    const { route, param, knownPath } = findRoute(req.method, path);
    bumpCounter(ctx.db, "__requests");
    bumpCounter(ctx.db, route?.key ?? `${req.method} (unknown)`);
    const key = req.headers.get("x-api-key");
    if (!key || !sameSecret(key, apiKey)) throw new SandboxReply(401, "Unauthorized", {});
    if (signingActive(ctx) && route?.key !== "GET /challenge") verifySignedRequest(ctx, req);
    const forced429 = takeCountedFault(ctx, "rateLimitNext") !== null;
    try {
      rateHeaders = consumeBudget(ctx, key, forced429);
    } catch (e) {
      bumpCounter(ctx.db, "__rate_limited");
      throw e;
    }
    injectServerErrors(ctx);
    if (!route)
      throw fail(knownPath ? 405 : 404, knownPath ? "Method not allowed." : "Not found.", errorState.notFound);
    if (route.key === "POST /orders") drop = takeDrop(ctx);
    lateMs = drop ? 0 : takeResponseDelay(ctx, route.key);
    reply = await route.run(ctx, req, url, param);
  } catch (e) {
    reply = e instanceof SandboxReply ? e : fail(500, "Unexpected server error.", errorState.serverError);
    if (!(e instanceof SandboxReply)) log.error({ err: e }, "sandbox: unhandled error");
  }
  if (drop) throw new TypeError("fetch failed");
  // The call has taken effect; only its answer is late (a client that gave up keeps its abort error).
  await holdAnswer(lateMs, req.signal);
  return respond(ctx, reply, rateHeaders);
}

function injectServerErrors(ctx: Ctx): void {
  if (takeCountedFault(ctx, "failNextRequests")) throw fail(500, "Unexpected server error.", errorState.serverError);
  const f = ctx.faults();
  if ((f.serverErrorRate ?? 0) > 0 && ctx.rng.next() < f.serverErrorRate!)
    throw fail(500, "Unexpected server error.", errorState.serverError);
}

function takeDrop(ctx: Ctx): boolean {
  if (takeCountedFault(ctx, "dropNextPurchases")) return true;
  const rate = ctx.faults().dropPurchaseRate ?? 0;
  return rate > 0 && ctx.rng.next() < rate;
}

function respond(ctx: Ctx, reply: SandboxReply, rateHeaders: Record<string, string>): Response {
  const withHeaders = new SandboxReply(reply.status, reply.message, reply.data, { ...rateHeaders, ...reply.headers });
  const s = ctx.settings();
  if (reply.status < 300 && s.responseEncryption && s.publicKeyPem) {
    return envelopeResponse(withHeaders, encryptData(reply.data, s.publicKeyPem));
  }
  return envelopeResponse(withHeaders);
}
