// An unhandled rejection is a bug (a promise nobody awaited failed), never an outcome the shop
// expects. It is written as one line of the shop's log like every other event: the error's class
// and code, not its message or stack, which can quote inputs (docs/operations.md#logs). Next.js
// keeps one listener of its own for the process, which prints the whole error and its stack on
// several lines of stderr, and adds it again whenever the listener it keeps is not attached; the
// shop's listener takes its place there, so each rejection is logged once.
import "server-only";
import { log } from "@/lib/log";

const nextListenerKey = Symbol.for("next.unhandledRejectionListener");
type Listener = (reason: unknown) => void;
const registry = globalThis as unknown as { [nextListenerKey]?: Listener };

/** The shop's unhandledRejection listener. */
export function logUnhandledRejection(reason: unknown): void {
  log.error({ err: reason }, "unhandled rejection: a promise nobody awaited failed");
}

/** Called at server start (lib/startup.ts); a second call changes nothing. */
export function installRejectionLog(): void {
  const kept = registry[nextListenerKey];
  if (kept === logUnhandledRejection) return;
  if (kept) process.off("unhandledRejection", kept);
  registry[nextListenerKey] = logUnhandledRejection;
  process.on("unhandledRejection", logUnhandledRejection);
}
