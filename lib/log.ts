// The shop's one logger (pino): one JSON line per event on stdout, with its level, the request
// id of the request it belongs to (lib/http/request-id.ts) and whatever ids the caller names
// (orderId, reference, lineId…). Never codes, secrets, top-up fields or card data: callers pass
// ids and counts, errors are reduced to their class and code, and the keys that could carry
// secrets are censored anyway. In development the lines are pretty-printed (pino-pretty, a dev
// dependency only). Every bundle of the process shares one logger and one context (globalThis).
// It reads only LOG_LEVEL and NODE_ENV, not the whole validated configuration: it must work
// before that configuration is known to be valid (to report that it is not), and in processes
// that have none (the standalone sandbox server).
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import pino, { type Logger } from "pino";
import { logLevels, type LogLevel } from "@/lib/env";

/** What every line logged inside a request or a job carries without being told. */
export type LogContext = { requestId?: string; orderId?: string; lineId?: string; reference?: string };

type Shared = { logger: Logger; context: AsyncLocalStorage<LogContext> };
const globalForLog = globalThis as unknown as { __shopLog?: Shared };

/** Keys whose values are never written, wherever they appear (top level or one level down). */
const secretKeys = [
  "codes",
  "code",
  "fields",
  "card",
  "cardNumber",
  "cvc",
  "password",
  "token",
  "secret",
  "apiKey",
  "authorization",
  "cookie",
  "email",
];
export const redactedPaths = secretKeys.flatMap((k) => [k, `*.${k}`]);

/** An error as a log field: its class and code; messages and stacks only in development (they can quote inputs). */
export function errorFields(err: unknown): { type: string; errorCode?: string; message?: string; stack?: string } {
  const e = err instanceof Error ? err : null;
  const raw = err && typeof err === "object" && "code" in err ? (err as { code: unknown }).code : undefined;
  const code = raw === undefined || raw === null ? undefined : String(raw);
  const dev = process.env.NODE_ENV === "development";
  return {
    type: e?.name ?? typeof err,
    ...(code ? { errorCode: code.slice(0, 40) } : {}),
    ...(dev && e ? { message: e.message, stack: e.stack } : {}),
  };
}

function prettyStream(): NodeJS.WritableStream | undefined {
  try {
    const pretty = createRequire(import.meta.url)("pino-pretty") as (o: object) => NodeJS.WritableStream;
    return pretty({ colorize: true, sync: true, ignore: "pid,hostname", translateTime: "HH:MM:ss.l" });
  } catch {
    return undefined; // not installed (a production install): JSON lines
  }
}

/** A logger with the shop's options, writing to `destination` (stdout by default; tests pass a stream). */
export function createLogger(
  context: AsyncLocalStorage<LogContext>,
  destination?: pino.DestinationStream | NodeJS.WritableStream,
): Logger {
  const requested = process.env.LOG_LEVEL as LogLevel | undefined;
  const options: pino.LoggerOptions = {
    level: requested && logLevels.includes(requested) ? requested : "info",
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    messageKey: "msg",
    redact: { paths: redactedPaths, censor: "[redacted]" },
    serializers: { err: errorFields },
    mixin: () => ({ ...context.getStore() }),
  };
  const stream = destination ?? (process.env.NODE_ENV === "development" ? prettyStream() : undefined);
  return stream ? pino(options, stream as pino.DestinationStream) : pino(options);
}

function createShared(): Shared {
  const context = new AsyncLocalStorage<LogContext>();
  return { logger: createLogger(context), context };
}

function shared(): Shared {
  return (globalForLog.__shopLog ??= createShared());
}

/** The logger: `log.info({ orderId }, "order paid")`, `log.error({ err }, "sync failed")`. */
export const log: Logger = new Proxy({} as Logger, {
  get: (_t, key: string) => {
    const target = shared().logger;
    const value = target[key as keyof Logger];
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  },
});

/** Runs `fn` with these ids on every line it logs (nested calls add to the outer context). */
export function withLogContext<T>(fields: LogContext, fn: () => T): T {
  const { context } = shared();
  return context.run({ ...context.getStore(), ...fields }, fn);
}

/** A request's first moment: from here on its async flow logs with this id (and nothing older). */
export function beginRequestLog(requestId: string): void {
  shared().context.enterWith({ requestId });
}
