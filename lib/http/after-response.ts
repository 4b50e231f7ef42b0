// Runs work after the HTTP response is sent: Next's after() inside a request, and a
// tracked fire-and-forget promise elsewhere (scripts, tests calling the handler directly).
import { after } from "next/server";

const pending = new Set<Promise<void>>();

/** Schedules a task that must not delay the response; the task handles its own errors. */
export function runAfterResponse(task: () => Promise<void>): void {
  try {
    after(task);
  } catch {
    // Outside a Next request scope: run now and keep the promise so it can be awaited.
    const p = task().finally(() => pending.delete(p));
    pending.add(p);
  }
}

/** Resolves when every fire-and-forget task started so far has finished (tests, shutdown). */
export async function waitForAfterResponseTasks(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
