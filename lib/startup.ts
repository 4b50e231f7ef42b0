// Server start-up: validate configuration first (a bad variable stops the server with its
// name), report whether email can be sent (a log line, never a crash), then start the
// background jobs.
import "server-only";
import { getEnv } from "@/lib/env";

export async function startServer(): Promise<void> {
  try {
    getEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // Not awaited: an unreachable mail server must not hold up the start.
  void import("@/lib/mail/check-smtp").then(({ reportSmtpAtStartup }) => reportSmtpAtStartup());
  const { startBackgroundJobs } = await import("@/lib/jobs");
  await startBackgroundJobs();
}
