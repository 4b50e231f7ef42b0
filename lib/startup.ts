// Server start-up: validate configuration first (a bad variable stops the server with its
// name), then fill columns old rows lack (in the background), then start the background jobs.
import "server-only";
import { getEnv } from "@/lib/env";

export async function startServer(): Promise<void> {
  try {
    getEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const { runStartupBackfills } = await import("@/lib/backfills");
  void runStartupBackfills();
  const { startBackgroundJobs } = await import("@/lib/jobs");
  await startBackgroundJobs();
}
