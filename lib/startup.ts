// Server start-up: validate configuration first (a bad variable stops the server with its
// name), refuse an unsafe production configuration (docs/going-live.md), learn each request's
// socket address and give it a request id for the logs, log an unhandled rejection as one line
// of the shop's log (lib/process-errors.ts), report whether email can be sent (a log line, never
// a crash), check the search index, keep cached catalog pages current, fill columns old rows lack (in the background), then start
// the background jobs.
import "server-only";
import { getEnv } from "@/lib/env";
import { installPeerAddressStamp } from "@/lib/http/peer-address";
import { installRequestIds } from "@/lib/http/request-id";
import { checkProductionConfig, formatRefusal } from "@/lib/live-mode/check-config";
import { log } from "@/lib/log";
import { installRejectionLog } from "@/lib/process-errors";

export async function startServer(): Promise<void> {
  try {
    const env = getEnv();
    if (env.NODE_ENV === "production") {
      const report = checkProductionConfig(env);
      for (const warning of report.warnings) log.warn(`warning: ${warning}`);
      if (report.problems.length) throw new Error(formatRefusal(report));
    }
  } catch (error) {
    log.fatal((error as Error).message);
    process.exit(1);
  }
  installPeerAddressStamp();
  installRequestIds();
  installRejectionLog();
  // Not awaited: an unreachable mail server must not hold up the start.
  void import("@/lib/mail/check-smtp").then(({ reportSmtpAtStartup }) => reportSmtpAtStartup());
  // The SQLite search index lives beside Product; rebuild it if it ever drifted (a no-op on PostgreSQL).
  const { ensureSearchIndex } = await import("@/lib/catalog/search/index-drift");
  await ensureSearchIndex().then(
    (rebuilt) => rebuilt && log.warn("catalog search index had drifted from the product table: rebuilt"),
    (error: unknown) => log.error({ err: error }, "catalog search index check failed"),
  );
  // Every serving instance keeps its cached catalog pages current, background jobs or not.
  const { startPageInvalidation } = await import("@/lib/catalog/cache/page-invalidation");
  startPageInvalidation();
  const { runStartupBackfills } = await import("@/lib/backfills");
  void runStartupBackfills();
  const { startBackgroundJobs } = await import("@/lib/jobs");
  await startBackgroundJobs();
}
