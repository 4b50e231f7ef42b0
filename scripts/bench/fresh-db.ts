// A fresh, migrated shop database for one bench run (the same SQL `prisma migrate deploy` applies),
// and the seed for the phases whose server starts on it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { benchPaths } from "./env";

/** Deletes data/bench/<label>/ and creates shop.db with every committed migration applied. */
export function createFreshBenchDb(label: string | number): ReturnType<typeof benchPaths> {
  const paths = benchPaths(label);
  fs.rmSync(paths.dir, { recursive: true, force: true });
  fs.mkdirSync(paths.dir, { recursive: true });
  const migrationsDir = path.resolve("prisma/migrations");
  const sqlite = new Database(paths.shopDb);
  try {
    sqlite.pragma("journal_mode = WAL");
    const dirs = fs
      .readdirSync(migrationsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    for (const dir of dirs) sqlite.exec(fs.readFileSync(path.join(migrationsDir, dir, "migration.sql"), "utf8"));
  } finally {
    sqlite.close();
  }
  return paths;
}

/** The default markup rule, as `npm run setup` seeds it (prisma/seed.ts), into env's DATABASE_URL. */
export function seedBenchDb(env: NodeJS.ProcessEnv): void {
  execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "prisma/seed.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
}
