// Runs once per server process at start-up (Node.js runtime only): see lib/startup.ts.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("./lib/startup");
    await startServer();
  }
}
