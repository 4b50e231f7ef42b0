// Prisma CLI configuration: the JS engine with the better-sqlite3 driver adapter, so
// migrations run through the bundled WASM schema engine (no binary download needed).
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import nextEnv from "@next/env";

// Same .env files as the app, so the CLI migrates the database the app uses.
nextEnv.loadEnvConfig(process.cwd());

const url = process.env.DATABASE_URL ?? "file:./data/shop.db";

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations"), seed: "node --conditions=react-server --import tsx prisma/seed.ts" },
  engine: "js",
  experimental: { adapter: true },
  async adapter() {
    return new PrismaBetterSQLite3({ url: url.replace(/^file:/, "") });
  },
});
