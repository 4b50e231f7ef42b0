// Generates both Prisma clients (run by `npm install`): SQLite's into @prisma/client's default
// place and PostgreSQL's into node_modules/prisma-client-pg. The PostgreSQL client is pointed
// at @prisma/client's runtime instead of its own copy, so both clients share one runtime:
// one Prisma.Decimal and one set of error classes (`instanceof` holds whichever is in use).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const prisma = path.join(root, "node_modules", ".bin", "prisma");
const run = (...args) =>
  execFileSync(prisma, ["generate", ...args], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });

run("--schema", "prisma/schema.prisma");
run("--schema", "prisma/postgresql/schema.prisma");

const out = path.join(root, "node_modules", "prisma-client-pg");
for (const file of fs.readdirSync(out)) {
  if (!/\.(js|d\.ts)$/.test(file)) continue;
  const full = path.join(out, file);
  const text = fs.readFileSync(full, "utf8");
  const shared = text
    .replaceAll("'./runtime/", "'@prisma/client/runtime/")
    .replaceAll('"./runtime/', '"@prisma/client/runtime/');
  if (shared !== text) fs.writeFileSync(full, shared);
}
fs.rmSync(path.join(out, "runtime"), { recursive: true, force: true });
console.log("Generated the SQLite and PostgreSQL Prisma clients");
