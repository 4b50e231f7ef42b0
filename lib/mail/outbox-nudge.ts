// Producing an email only records it; this lets the producer wake this process's outbox worker
// so the email leaves within moments instead of at the next poll. Kept on globalThis because
// Next.js bundles the background jobs and the request handlers separately (one module copy each).
const key = Symbol.for("shop.outbox.nudge");
type Holder = { [key]?: () => void };

/** Called by the worker when it starts in this process. */
export function setOutboxNudgeHandler(handler: (() => void) | undefined): void {
  (globalThis as Holder)[key] = handler;
}

/** Asks this process's worker (if it runs here) for a pass soon; never waits, never throws. */
export function nudgeOutbox(): void {
  try {
    (globalThis as Holder)[key]?.();
  } catch {
    // A nudge is only a hint: the worker's own poll picks the email up anyway.
  }
}
