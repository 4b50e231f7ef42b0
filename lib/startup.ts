// Server start-up: validate configuration first (a bad variable stops the server with its
// name), check the search index, then start the background jobs.
import "server-only";
import { getEnv } from "@/lib/env";

export async function startServer(): Promise<void> {
  try {
    getEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // The SQLite search index lives beside Product; rebuild it if it ever drifted (a no-op on PostgreSQL).
  const { ensureSearchIndex } = await import("@/lib/catalog/search/index-drift");
  await ensureSearchIndex().then(
    (rebuilt) => rebuilt && console.warn("catalog search index had drifted from the product table: rebuilt"),
    (error: unknown) => console.error(`catalog search index check failed: ${error instanceof Error ? error.message : "unknown"}`),
  );
  const { startBackgroundJobs } = await import("@/lib/jobs");
  await startBackgroundJobs();
}
