// Helpers for the bench's child processes: each phase runs in its own process so lib/env and
// the Prisma singleton are built from that phase's DATABASE_URL / SANDBOX_DB_PATH.
import { spawn } from "node:child_process";

const marker = "BENCH_RESULT ";

/** Runs a bench child script with `env`; resolves with the JSON it printed after the marker. */
export function runChild<T>(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", script, ...args], {
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith(marker));
      if (code === 0 && line) return resolve(JSON.parse(line.slice(marker.length)) as T);
      reject(new Error(`${script} exited with ${code}${line ? "" : " and no result"}: ${out.slice(-2000)}`));
    });
  });
}

/** Prints a child's result for runChild; the only stdout line the parent parses. */
export function printResult(result: unknown): void {
  console.log(marker + JSON.stringify(result));
}
