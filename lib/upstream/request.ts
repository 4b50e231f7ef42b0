// One upstream HTTP exchange: budget → headers → fetch with a timeout → envelope → typed
// error or schema-checked data. The only place that builds upstream URLs and headers.
import type { z } from "zod";
import type { Budget } from "./budget";
import { rateLimitResetUnit } from "./contract";
import {
  classifyUpstreamError,
  UpstreamError,
  UpstreamNetworkError,
  UpstreamProtocolError,
  UpstreamTimeoutError,
} from "./errors";
import type { Priority } from "./types";
import { decryptData, isWrapped } from "./wire-crypto";
import { log } from "@/lib/log";

export type CallEvent = { method: string; path: string; status: number; durationMs: number; error?: string };

export type RequestConfig = {
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
  budget: Budget | null;
  decryptionPrivateKey?: string;
  now: () => number;
  onCall?: (event: CallEvent) => void;
};

export type RequestSpec<T> = {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  priority: Priority;
  signal?: AbortSignal;
  /** false: a call the budget cannot serve now fails at once (BudgetSpentError) instead of waiting. */
  waitForBudget?: boolean;
  timeoutMs: number;
  schema: z.ZodType<T>;
};

/** The absolute URL under the versioned base URL; every path is relative to it (docs/upstream-contract.md#1-what-the-upstream-is). */
export function buildUrl(baseUrl: string, path: string, query?: RequestSpec<unknown>["query"]): string {
  const url = new URL(baseUrl.replace(/\/+$/, "") + path);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== "") url.searchParams.set(k, String(v));
  return url.toString();
}

/** The headers every call carries (docs/upstream-contract.md#5-authentication), plus the call's own (idempotency, signature). */
export function buildHeaders(apiKey: string, spec: Pick<RequestSpec<unknown>, "method" | "headers">): Headers {
  const headers = new Headers({ "X-API-Key": apiKey, Accept: "application/json" });
  if (spec.method === "POST") headers.set("Content-Type", "application/json");
  for (const [k, v] of Object.entries(spec.headers ?? {})) headers.set(k, v);
  return headers;
}

/**
 * Rejects as soon as `signal` aborts, even when the underlying fetch ignores it. `promise` is
 * always followed, also when the signal had already aborted: a fetch given an aborted signal
 * rejects with its reason, and nobody else would ever handle that rejection.
 */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
}

const numberHeader = (res: Response, name: string): number | undefined => {
  const raw = res.headers.get(name);
  const n = raw === null || raw.trim() === "" ? NaN : Number(raw);
  return Number.isFinite(n) ? n : undefined;
};

function retryAfterSeconds(res: Response, data: Record<string, unknown> | undefined): number | undefined {
  const fromBody = Number(data?.retry_after);
  if (data?.retry_after !== undefined && Number.isFinite(fromBody)) return fromBody;
  const header = numberHeader(res, "Retry-After");
  if (header !== undefined) return header;
  return rateLimitResetUnit === "seconds" && res.status === 429 ? numberHeader(res, "X-RateLimit-Reset") : undefined;
}

/** Sends one request and returns the parsed `data`, or throws an UpstreamError subclass. */
export async function sendRequest<T>(cfg: RequestConfig, spec: RequestSpec<T>): Promise<T> {
  const started = cfg.now();
  let status = 0;
  let error: string | undefined;
  try {
    if (cfg.budget) await cfg.budget.acquire(spec.priority, spec.signal, { wait: spec.waitForBudget });
    const acquiredAt = cfg.budget?.now?.();
    const timeout = AbortSignal.timeout(spec.timeoutMs);
    const signal = spec.signal ? AbortSignal.any([timeout, spec.signal]) : timeout;
    const transportError = (cause: unknown): UpstreamError => {
      if (timeout.aborted)
        return new UpstreamTimeoutError({ status: 0, message: `no answer within ${spec.timeoutMs} ms`, cause });
      if (spec.signal?.aborted)
        return new UpstreamNetworkError({ status: 0, message: "request aborted by caller", cause });
      const reason = cause instanceof Error ? cause.message : "connection failed";
      return new UpstreamNetworkError({ status: 0, message: reason, cause });
    };

    let res: Response;
    let raw: string;
    try {
      const init: RequestInit = { method: spec.method, headers: buildHeaders(cfg.apiKey, spec), signal };
      if (spec.body !== undefined) init.body = JSON.stringify(spec.body);
      res = await raceAbort(cfg.fetch(buildUrl(cfg.baseUrl, spec.path, spec.query), init), signal);
      status = res.status;
      raw = await raceAbort(res.text(), signal);
    } catch (cause) {
      throw transportError(cause);
    }

    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    const envelope = isEnvelope(body) ? body : undefined;
    let data = envelope?.data;
    if (isWrapped(data)) {
      if (!cfg.decryptionPrivateKey) throw protocolError(status, "encrypted data but no decryption key configured");
      try {
        data = decryptData(data, cfg.decryptionPrivateKey);
      } catch (cause) {
        throw protocolError(status, "encrypted data could not be decrypted", cause);
      }
    }
    const dataObject = isObject(data) ? data : undefined;
    await reportToBudget(cfg.budget, res, dataObject, acquiredAt);

    if (!res.ok || envelope?.success !== true) {
      if (!envelope && res.ok) throw protocolError(status, "response is not the documented JSON envelope");
      throw classifyUpstreamError(
        status,
        { message: envelope?.message, data: dataObject },
        retryAfterSeconds(res, dataObject),
      );
    }
    const parsed = spec.schema.safeParse(data);
    if (!parsed.success) {
      // Paths and issue codes only: values may be secrets (codes).
      const where = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "data"} ${i.code}`);
      throw protocolError(status, `unexpected data shape (${where.join("; ")})`);
    }
    return parsed.data;
  } catch (err) {
    error = errorName(err);
    throw err;
  } finally {
    try {
      cfg.onCall?.({ method: spec.method, path: spec.path, status, durationMs: cfg.now() - started, error });
    } catch {
      // An observer's failure never changes the call's outcome.
    }
  }
}

function errorName(err: unknown): string {
  return err instanceof Error ? err.name : "Error";
}

async function reportToBudget(
  budget: Budget | null,
  res: Response,
  data: Record<string, unknown> | undefined,
  acquiredAt: number | undefined,
): Promise<void> {
  if (!budget) return;
  try {
    await budget.report({
      status: res.status,
      limit: numberHeader(res, "X-RateLimit-Limit"),
      remaining: numberHeader(res, "X-RateLimit-Remaining"),
      retryAfterSeconds: res.status === 429 ? retryAfterSeconds(res, data) : undefined,
      acquiredAt,
    });
  } catch (err) {
    // The call itself succeeded or failed on its own; a budget write error must not change that.
    log.warn({ err }, "upstream: the budget report failed");
  }
}

function protocolError(status: number, message: string, cause?: unknown): UpstreamProtocolError {
  return new UpstreamProtocolError({ status, message, cause });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function isEnvelope(v: unknown): v is { success: boolean; message?: string; data?: unknown } {
  return isObject(v) && typeof v.success === "boolean";
}
