// Prisma CLI configuration. DATABASE_URL picks the database: `file:` → SQLite (the default,
// prisma/schema.prisma), `postgres://` → PostgreSQL (prisma/postgresql/, generated from the
// SQLite schema). Both use the JS engine with a driver adapter, so migrations run through the
// bundled WASM schema engine (no binary download needed).
import path from "node:path";
import { defineConfig } from "prisma/config";
import nextEnv from "@next/env";

// Same .env files as the app, so the CLI migrates the database the app uses.
nextEnv.loadEnvConfig(process.cwd());

const url = process.env.DATABASE_URL ?? "file:./data/shop.db";
const postgres = /^postgres(ql)?:\/\//.test(url);
const folder = postgres ? path.join("prisma", "postgresql") : "prisma";

export default defineConfig({
  schema: path.join(folder, "schema.prisma"),
  migrations: {
    path: path.join(folder, "migrations"),
    seed: "node --conditions=react-server --import tsx prisma/seed.ts",
  },
  engine: "js",
  experimental: { adapter: true },
  async adapter() {
    if (postgres) {
      const { PrismaPg } = await import("@prisma/adapter-pg");
      // A short idle timeout: the CLI exits when it is done, not 10 s later when the pool idles out.
      return new PrismaPg({ connectionString: url, idleTimeoutMillis: 100 });
    }
    const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
    return new PrismaBetterSQLite3({ url: url.replace(/^file:/, "") });
  },
});
