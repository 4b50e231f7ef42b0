// `node scripts/db/append-sqlite-only.mjs <new migration.sql>`: replays every SQLite migration
// (the new one included) into a scratch database and appends the SQLite-only script
// (sqlite-only.mjs) to the new migration when the result lacks its objects or holds other
// definitions of them. Run by scripts/db/new-migration.sh.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describeSqliteOnly, repoRoot, sqliteOnlySql } from "./sqlite-only.mjs";

const target = process.argv[2];
if (!target) throw new Error("usage: append-sqlite-only.mjs <migration.sql>");
const dir = path.join(repoRoot, "prisma", "migrations");
const sqlite = new Database(":memory:");
for (const name of fs
  .readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()) {
  sqlite.exec(fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8"));
}
const migrated = JSON.stringify(describeSqliteOnly(sqlite));
sqlite.exec(sqliteOnlySql);
if (JSON.stringify(describeSqliteOnly(sqlite)) !== migrated) {
  fs.appendFileSync(target, `\n${sqliteOnlySql}`);
  console.log(`appended the SQLite-only search index to ${path.relative(repoRoot, target)}`);
}
sqlite.close();
