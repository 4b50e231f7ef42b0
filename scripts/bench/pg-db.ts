// A fresh PostgreSQL shop database for the scale phase, prepared the way `npm start` and
// `npm run setup` prepare one: `prisma migrate deploy`, then the seed. The admin URL (a role
// with CREATEDB, connected to any database) comes from BENCH_POSTGRES_URL.
import pg from "pg";
import { migrateDeploy } from "../cluster";

export const benchPgDatabase = "shop_bench";

export function postgresAdminUrl(): string {
  return process.env.BENCH_POSTGRES_URL ?? "postgresql://shop:shop@localhost:5432/postgres";
}

/** The URL without its password, for the report. */
export function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  // A short connect timeout: an unreachable server should skip the phase quickly, not hang it.
  const client = new pg.Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** null when PostgreSQL answers and may create databases; otherwise why not (one line). */
export async function postgresUnavailable(): Promise<string | null> {
  try {
    const ok = await withAdmin(
      async (c) =>
        (await c.query<{ ok: boolean }>("SELECT rolcreatedb AS ok FROM pg_roles WHERE rolname = current_user")).rows[0]
          ?.ok,
    );
    return ok ? null : `role of ${redactUrl(postgresAdminUrl())} lacks CREATEDB`;
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return `PostgreSQL unreachable at ${redactUrl(postgresAdminUrl())}: ${e.code ?? ""} ${e.message.split("\n")[0]}`.trim();
  }
}

/** Drops and recreates `name` (FORCE ends connections a crashed run left open), migrated; returns its URL. */
export async function createFreshPostgresDb(name = benchPgDatabase): Promise<string> {
  await withAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}"`);
  });
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  migrateDeploy(url.toString()); // ~11 s on PostgreSQL: a known timer of Prisma's WASM schema engine
  return url.toString();
}
