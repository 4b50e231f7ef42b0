// A fresh SQLite database per test file, migrated from the committed migrations.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { applyMigrations } from "./migrate";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
const file = path.join(dir, "shop.db");
applyMigrations(file);
process.env.DATABASE_URL = `file:${file}`;
process.env.SANDBOX_DB_PATH = path.join(dir, "sandbox.db");
