// Vitest global setup for the PostgreSQL run: one migrated template database, cleaned up after.
import { applyPostgresMigrations, dropTestDatabases, templateName, withAdmin } from "./postgres";

export async function setup(): Promise<void> {
  await dropTestDatabases();
  await withAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${templateName}"`);
  });
  applyPostgresMigrations(templateName);
}

export async function teardown(): Promise<void> {
  await dropTestDatabases();
}
