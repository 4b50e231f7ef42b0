// PostgreSQL for the integration suite's second run: a template database migrated once from
// the committed PostgreSQL migrations, and a fresh copy of it per test file.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** TEST_PG_NAMESPACE lets two checkouts run the PostgreSQL suite on one server side by side. */
const namespace = (process.env.TEST_PG_NAMESPACE ?? "").replace(/[^a-z0-9]/g, "");
export const templateName = `shop_test_template${namespace}`;
export const testDbPrefix = `shop_t${namespace}_`;

/** Where the test databases live: a role that may CREATE DATABASE, connected to any database. */
export function adminUrl(): string {
  return process.env.TEST_POSTGRES_URL ?? "postgresql://shop:shop@localhost:5432/postgres";
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(work: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const client = new pg.Client({ connectionString: database ? databaseUrl(database) : adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Applies every committed migration to an empty database with `prisma migrate deploy`, exactly as
 * `npm start` does in production: a script the migration engine cannot run fails here first.
 */
export function applyPostgresMigrations(database: string): void {
  execFileSync(path.join(root, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl(database) },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Drops the test databases a run left behind (FORCE closes connections a crashed run kept open). */
export async function dropTestDatabases(): Promise<void> {
  await withAdmin(async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
      [testDbPrefix],
    );
    for (const r of rows) await c.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
  });
}

/** A new database copied from the migrated template; returns its URL. */
export async function createTestDatabase(): Promise<string> {
  const name = `${testDbPrefix}${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`));
  return databaseUrl(name);
}
