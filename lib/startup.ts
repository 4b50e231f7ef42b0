// Server start-up: validate configuration first (a bad variable stops the server with its
// name), then start the background jobs.
import "server-only";
import { getEnv } from "@/lib/env";

export async function startServer(): Promise<void> {
  try {
    getEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const { startBackgroundJobs } = await import("@/lib/jobs");
  await startBackgroundJobs();
}
