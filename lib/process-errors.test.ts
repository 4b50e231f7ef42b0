import type { AsyncLocalStorage } from "node:async_hooks";
import { Writable } from "node:stream";
import type { Logger } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger, log, type LogContext } from "./log";
import { installRejectionLog, logUnhandledRejection } from "./process-errors";

type Shared = { logger: Logger; context: AsyncLocalStorage<LogContext> };
const nextListenerKey = Symbol.for("next.unhandledRejectionListener");
const registry = globalThis as unknown as { __shopLog?: Shared; [nextListenerKey]?: (reason: unknown) => void };

/** Every line the shop's logger writes meanwhile, as written. */
function captureShopLog() {
  void log.level; // the shared logger exists from here on
  const shared = registry.__shopLog!;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const original = shared.logger;
  shared.logger = createLogger(shared.context, stream);
  return { lines, restore: () => void (shared.logger = original) };
}

const installed: ((reason: unknown) => void)[] = [];
afterEach(() => {
  for (const l of installed.splice(0)) process.off("unhandledRejection", l);
  delete registry[nextListenerKey];
});

describe("unhandled rejections", () => {
  it("are logged as one line of the shop's log with the error's class, never its message", () => {
    const capture = captureShopLog();
    try {
      logUnhandledRejection(new DOMException("card 4242 4242 4242 4242 timed out", "TimeoutError"));
    } finally {
      capture.restore();
    }
    expect(capture.lines).toHaveLength(1);
    const line = JSON.parse(capture.lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: "error", err: { type: "TimeoutError" } });
    expect(capture.lines[0]).not.toContain("4242");
  });

  it("are logged once: the shop's listener takes the place of the one Next.js keeps for the process", () => {
    const nextListener = (reason: unknown) => void reason;
    registry[nextListenerKey] = nextListener;
    process.on("unhandledRejection", nextListener);
    installed.push(nextListener, logUnhandledRejection);
    installRejectionLog();
    installRejectionLog();
    const listeners = process.listeners("unhandledRejection");
    expect(listeners).not.toContain(nextListener);
    expect(listeners.filter((l) => l === logUnhandledRejection)).toHaveLength(1);
    // Next.js re-adds its listener only when the one it keeps is missing: it keeps the shop's now.
    expect(registry[nextListenerKey]).toBe(logUnhandledRejection);
  });
});
