// First-run setup: writes .env from .env.example if it is missing, with a fresh random value
// for every secret and DEMO_MODE=true (the quick start is a demo on this machine: the built-in
// sandbox upstream and the TEST card). Then applies migrations, seeds, creates the first owner
// and fills the catalog. Safe to run again. Going live: docs/going-live.md.
import { execSync } from "node:child_process";
import fs from "node:fs";
import { demoEnvFrom, repairEnv } from "../lib/live-mode/demo-env";

if (!fs.existsSync(".env")) {
  fs.writeFileSync(".env", demoEnvFrom(fs.readFileSync(".env.example", "utf8")), { mode: 0o600 });
  console.log("wrote .env with fresh secrets (a demo: DEMO_MODE=true; to go live see docs/going-live.md)");
} else {
  const { text, changed } = repairEnv(fs.readFileSync(".env", "utf8"));
  if (changed.length) {
    fs.writeFileSync(".env", text, { mode: 0o600 });
    console.log(`updated .env: ${changed.join(", ")} (was missing, or a value published in the repository)`);
  }
}
fs.mkdirSync("data", { recursive: true });
execSync("npx prisma migrate deploy", { stdio: "inherit" });
execSync("node --conditions=react-server --import tsx prisma/seed.ts", { stdio: "inherit" });
// First owner: owner@localhost with a random password, printed once (only if no owner exists).
execSync("node --conditions=react-server --import tsx scripts/create-owner.ts --first", { stdio: "inherit" });
// Fill the catalog before the first start (from the in-process sandbox in demo mode).
execSync("node --conditions=react-server --import tsx scripts/sync.ts full", { stdio: "inherit" });
