// A fresh database per test file: SQLite migrated from the committed migrations, or (in the
// PostgreSQL run, TEST_DB=postgresql) a copy of the migrated template database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { applyMigrations } from "./migrate";
import { createTestDatabase } from "./postgres";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
if (process.env.TEST_DB === "postgresql") {
  process.env.DATABASE_URL = await createTestDatabase();
} else {
  const file = path.join(dir, "shop.db");
  applyMigrations(file);
  process.env.DATABASE_URL = `file:${file}`;
}
process.env.SANDBOX_DB_PATH = path.join(dir, "sandbox.db");
