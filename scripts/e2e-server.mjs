// Starts the shop for end-to-end tests: a fresh database and sandbox under data/e2e, the
// catalog synced from the sandbox, a production build in its own folder, then `next start`.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";

import { e2eEnv, e2eOwner, e2ePort as port } from "../tests/e2e/e2e-env.mjs";

const env = { ...process.env, ...e2eEnv };
const tsx = "node --conditions=react-server --import tsx";
const sh = (cmd) => execSync(cmd, { stdio: "inherit", env });

fs.rmSync("data/e2e", { recursive: true, force: true });
fs.mkdirSync("data/e2e", { recursive: true });
sh("npx prisma migrate deploy");
sh(`${tsx} prisma/seed.ts`);
sh(`${tsx} scripts/create-owner.ts ${e2eOwner.email} --password-env E2E_OWNER_PASSWORD --totp-secret-env E2E_OWNER_TOTP_SECRET`);
sh(`${tsx} scripts/sync.ts full`);
if (!process.env.E2E_SKIP_BUILD) sh("npx next build");

const server = spawn("npx", ["next", "start", "-p", port], { stdio: "inherit", env });
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => process.exit(code ?? 0));
