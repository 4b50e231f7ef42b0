// Starts the shop for end-to-end tests: a fresh database and sandbox under data/e2e, the
// catalog synced from the sandbox, a production build in its own folder, an SMTP sink that
// files every email it receives under data/e2e/mail (specs read them), then `next start`, whose
// output is also kept in data/e2e/server.log (tests/e2e/logs/ reads it after the run).
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";

import { e2eEnv, e2eMailDir, e2eOwner, e2ePort as port, e2eSmtpPort } from "../tests/e2e/e2e-env.mjs";
import { startSmtpSink } from "../tests/helpers/smtp-sink.mjs";

const env = { ...process.env, ...e2eEnv };
const tsx = "node --conditions=react-server --import tsx";
const sh = (cmd) => execSync(cmd, { stdio: "inherit", env });

fs.rmSync("data/e2e", { recursive: true, force: true });
fs.mkdirSync("data/e2e", { recursive: true });
sh("npx prisma migrate deploy");
sh(`${tsx} prisma/seed.ts`);
sh(
  `${tsx} scripts/create-owner.ts ${e2eOwner.email} --password-env E2E_OWNER_PASSWORD --totp-secret-env E2E_OWNER_TOTP_SECRET`,
);
sh(`${tsx} scripts/sync.ts full`);
if (!process.env.E2E_SKIP_BUILD) sh("npx next build");

const sink = await startSmtpSink({ port: Number(e2eSmtpPort), dir: e2eMailDir });
const serverLog = fs.createWriteStream("data/e2e/server.log", { flags: "a" });
const server = spawn("npx", ["next", "start", "-p", port], { stdio: ["inherit", "pipe", "pipe"], env });
server.stdout.on("data", (chunk) => (process.stdout.write(chunk), serverLog.write(chunk)));
server.stderr.on("data", (chunk) => (process.stderr.write(chunk), serverLog.write(chunk)));
const stop = () => {
  server.kill("SIGTERM");
  void sink.close();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => process.exit(code ?? 0));
