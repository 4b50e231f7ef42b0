// One schema source of truth: prisma/schema.prisma. The PostgreSQL schema and the committed
// migrations of both databases must follow it; each check here fails when one drifts.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { dbProvider } from "@/lib/db";
import { env } from "@/lib/env";
// @ts-expect-error plain ESM script without types
import { postgresSchemaPath, sqliteSchemaPath, toPostgresSchema } from "../../../scripts/db/postgres-schema.mjs";
// @ts-expect-error plain ESM script without types
import { sqliteOnlySql } from "../../../scripts/db/sqlite-only.mjs";
import { databaseUrl, testDbPrefix, withAdmin } from "../../helpers/postgres";

const root = path.resolve(__dirname, "../../..");
const migrationNames = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

describe("the PostgreSQL schema and migrations follow prisma/schema.prisma", () => {
  it("the committed PostgreSQL schema is what the generator makes of the SQLite one", () => {
    const generated = (toPostgresSchema as (s: string) => string)(fs.readFileSync(sqliteSchemaPath as string, "utf8"));
    expect(fs.readFileSync(postgresSchemaPath as string, "utf8"), "run `node scripts/db/postgres-schema.mjs`").toBe(
      generated,
    );
  });

  it("every migration exists for both databases, under the same name", () => {
    expect(migrationNames("prisma/postgresql/migrations")).toEqual(migrationNames("prisma/migrations"));
    expect(fs.readFileSync(path.join(root, "prisma/migrations/migration_lock.toml"), "utf8")).toContain('"sqlite"');
    expect(fs.readFileSync(path.join(root, "prisma/postgresql/migrations/migration_lock.toml"), "utf8")).toContain(
      '"postgresql"',
    );
  });
});

describe("the committed migrations apply the way a deployment applies them", () => {
  // The suite's own databases are migrated file by file (tests/helpers/postgres.ts); `npm start`
  // runs `prisma migrate deploy`, whose PostgreSQL connector splits a script at every `;`, even
  // inside a comment.
  it.runIf(dbProvider === "postgresql")(
    "prisma migrate deploy applies every PostgreSQL migration to an empty database",
    async () => {
      const scratch = `${testDbPrefix}deploy_${process.pid}`;
      await withAdmin(async (c) => {
        await c.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
        await c.query(`CREATE DATABASE "${scratch}"`);
      });
      try {
        const { stdout } = await promisify(execFile)(
          path.join(root, "node_modules/.bin/prisma"),
          ["migrate", "deploy"],
          {
            cwd: root,
            env: { ...process.env, DATABASE_URL: databaseUrl(scratch) },
          },
        );
        expect(stdout).toContain("All migrations have been successfully applied.");
      } finally {
        await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`));
      }
    },
    180_000,
  );
});

/** `prisma db push` of the current schema into an empty scratch SQLite file. */
async function pushSchema(url: string): Promise<void> {
  await promisify(execFile)(path.join(root, "node_modules/.bin/prisma"), ["db", "push", "--skip-generate"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
  });
}

describe("the database built by the migrations equals the schema", () => {
  it(`on ${dbProvider}: same tables, columns, indexes, keys and triggers as a database made straight from the schema`, async () => {
    if (dbProvider === "sqlite") {
      const scratch = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-drift-")), "pushed.db");
      await pushSchema(`file:${scratch}`);
      // What Prisma's schema cannot declare (the search index) comes from its own script, which
      // the migrations must carry too (scripts/db/sqlite-only.mjs).
      const pushed = new Database(scratch);
      pushed.exec(sqliteOnlySql as string);
      pushed.close();
      const describeSqlite = (file: string) => {
        const sqlite = new Database(file, { readonly: true });
        try {
          // Tables by their columns and keys (a column added by ALTER TABLE is written differently
          // in sqlite_master's CREATE text, but is the same column); indexes by their SQL.
          const tables = sqlite
            .prepare(
              `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations' ORDER BY name`,
            )
            .all() as { name: string }[];
          const indexes = sqlite
            .prepare(
              `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
            )
            .all();
          // Triggers by their SQL: a migration that rebuilds "Product" drops the search index's.
          const triggers = sqlite
            .prepare(`SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`)
            .all();
          return {
            tables: tables.map(({ name }) => ({
              name,
              columns: sqlite
                .prepare(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?) ORDER BY name`)
                .all(name),
              foreignKeys: sqlite
                .prepare(
                  `SELECT "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list(?) ORDER BY "from"`,
                )
                .all(name),
            })),
            indexes,
            triggers,
          };
        } finally {
          sqlite.close();
        }
      };
      expect(describeSqlite(env.DATABASE_URL.replace(/^file:/, ""))).toEqual(describeSqlite(scratch));
      return;
    }
    const scratch = `${testDbPrefix}drift_${process.pid}`;
    await withAdmin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${scratch}"`);
    });
    // `db push` cannot introspect PostgreSQL through the adapter; the schema's full script is the same thing.
    const { stdout: script } = await promisify(execFile)(
      path.join(root, "node_modules/.bin/prisma"),
      ["migrate", "diff", "--from-empty", "--to-schema-datamodel", postgresSchemaPath as string, "--script"],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl(scratch) } },
    );
    await withAdmin((c) => c.query(script), scratch);
    const describePostgres = (database: string) =>
      withAdmin(async (c) => {
        const columns = await c.query(
          `SELECT table_name, column_name, data_type, numeric_precision, numeric_scale, datetime_precision, is_nullable, column_default
           FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY table_name, column_name`,
        );
        const indexes = await c.query(
          `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY indexname`,
        );
        const keys = await c.query(
          `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
           WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text NOT IN ('_prisma_migrations', '"_prisma_migrations"') ORDER BY conname`,
        );
        const extensions = await c.query(`SELECT extname FROM pg_extension ORDER BY extname`);
        return { columns: columns.rows, indexes: indexes.rows, keys: keys.rows, extensions: extensions.rows };
      }, database);
    const migrated = await describePostgres(new URL(env.DATABASE_URL).pathname.slice(1));
    expect(migrated).toEqual(await describePostgres(scratch));
  }, 180_000); // `prisma db push` can take a minute to exit on a busy or offline machine
});
