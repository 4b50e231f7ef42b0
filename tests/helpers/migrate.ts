// Applies the committed migrations to a SQLite file with better-sqlite3 (fast; no CLI).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

const migrationsDir = path.resolve(__dirname, "../../prisma/migrations");

export function applyMigrations(file: string): void {
  const sqlite = new Database(file);
  try {
    sqlite.pragma("journal_mode = WAL");
    const dirs = fs
      .readdirSync(migrationsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    for (const dir of dirs) {
      sqlite.exec(fs.readFileSync(path.join(migrationsDir, dir, "migration.sql"), "utf8"));
    }
  } finally {
    sqlite.close();
  }
}
