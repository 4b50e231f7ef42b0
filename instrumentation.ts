// Runs once per server process at start-up: validates configuration (a bad variable stops
// the server with its name) and starts the background jobs.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv } = await import("./lib/env");
  try {
    getEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const { startBackgroundJobs } = await import("./lib/jobs");
  await startBackgroundJobs();
}
