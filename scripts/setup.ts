// First-run setup: writes .env from .env.example (with fresh secrets) if it is missing,
// applies migrations and seeds. Safe to run again.
import { execSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";

if (!fs.existsSync(".env")) {
  const text = fs
    .readFileSync(".env.example", "utf8")
    .replace(/^CODES_ENCRYPTION_KEY=.*$/m, `CODES_ENCRYPTION_KEY=${crypto.randomBytes(32).toString("hex")}`)
    .replace(/^NEXTAUTH_SECRET=.*$/m, `NEXTAUTH_SECRET=${crypto.randomBytes(32).toString("base64url")}`);
  fs.writeFileSync(".env", text, { mode: 0o600 });
  console.log("wrote .env with fresh secrets");
}
fs.mkdirSync("data", { recursive: true });
execSync("npx prisma migrate deploy", { stdio: "inherit" });
execSync("node --conditions=react-server --import tsx prisma/seed.ts", { stdio: "inherit" });
// First owner: owner@localhost with a random password, printed once (only if no owner exists).
execSync("node --conditions=react-server --import tsx scripts/create-owner.ts --first", { stdio: "inherit" });
// Fill the catalog before the first start (from the in-process sandbox in demo mode).
execSync("node --conditions=react-server --import tsx scripts/sync.ts full", { stdio: "inherit" });
