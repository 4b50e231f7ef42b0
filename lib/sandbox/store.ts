import "server-only";
// The sandbox's own SQLite file (better-sqlite3, no Prisma): schema on open, WAL, small settings store.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

export type Db = Database.Database;

const schema = `
CREATE TABLE IF NOT EXISTS products (
  item_code TEXT PRIMARY KEY, seq INTEGER NOT NULL, brand TEXT NOT NULL, product_name TEXT NOT NULL,
  face_value REAL NOT NULL, price_cents INTEGER NOT NULL, charged_cents INTEGER NOT NULL,
  currency TEXT NOT NULL, category TEXT NOT NULL, product_type TEXT NOT NULL, product_family TEXT,
  region TEXT NOT NULL, country_codes TEXT NOT NULL, delivery_type TEXT NOT NULL,
  stock INTEGER NOT NULL, min_quantity INTEGER NOT NULL, max_quantity INTEGER NOT NULL,
  listed INTEGER NOT NULL, behavior TEXT NOT NULL, extra TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL, updated_at_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS products_brand_idx ON products (listed, brand, item_code);
CREATE INDEX IF NOT EXISTS products_category_idx ON products (listed, category, item_code);
CREATE INDEX IF NOT EXISTS products_value_idx ON products (listed, face_value, item_code);
CREATE INDEX IF NOT EXISTS products_type_idx ON products (listed, product_type);
CREATE INDEX IF NOT EXISTS products_code_idx ON products (listed, item_code);
CREATE INDEX IF NOT EXISTS products_updated_idx ON products (listed, updated_at_ms);
CREATE TABLE IF NOT EXISTS removed_products (item_code TEXT PRIMARY KEY, updated_at_ms INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS removed_updated_idx ON removed_products (updated_at_ms);
CREATE TABLE IF NOT EXISTS wallet (id INTEGER PRIMARY KEY, balance_cents INTEGER NOT NULL, currency TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS orders (
  order_id INTEGER PRIMARY KEY AUTOINCREMENT, order_no TEXT NOT NULL UNIQUE, item_code TEXT NOT NULL,
  quantity INTEGER NOT NULL, unit_cents INTEGER NOT NULL, amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL, face_value REAL NOT NULL, denomination_unit TEXT NOT NULL,
  is_top_up INTEGER NOT NULL, code_format TEXT NOT NULL, status TEXT NOT NULL, outcome TEXT NOT NULL,
  debited INTEGER NOT NULL, idempotency_key TEXT, codes TEXT NOT NULL DEFAULT '[]',
  created_at_ms INTEGER NOT NULL, settle_at_ms INTEGER, settled_at_ms INTEGER,
  withheld_codes TEXT, short_served INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS orders_status_idx ON orders (status, settle_at_ms);
CREATE TABLE IF NOT EXISTS idempotency_keys (
  key TEXT PRIMARY KEY, scope TEXT NOT NULL, order_id INTEGER NOT NULL, created_at_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS webhook_queue (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, event TEXT NOT NULL,
  order_id INTEGER NOT NULL, body TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_ms INTEGER NOT NULL, state TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_queue_due_idx ON webhook_queue (state, next_attempt_ms);
CREATE TABLE IF NOT EXISTS webhook_attempts (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, webhook_id TEXT NOT NULL, event TEXT NOT NULL,
  order_id INTEGER NOT NULL, attempt INTEGER NOT NULL, url TEXT NOT NULL, http_status INTEGER,
  ok INTEGER NOT NULL, error TEXT, at_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS rate_windows (key_hash TEXT PRIMARY KEY, window_start_ms INTEGER NOT NULL, count INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS challenges (challenge TEXT PRIMARY KEY, expires_at_ms INTEGER NOT NULL, used INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS request_stats (route TEXT PRIMARY KEY, count INTEGER NOT NULL);
`;

const dataTables = [
  "products",
  "removed_products",
  "wallet",
  "orders",
  "idempotency_keys",
  "webhook_queue",
  "webhook_attempts",
  "rate_windows",
  "challenges",
  "settings",
  "request_stats",
];

/** Opens (and creates) the sandbox file; WAL + busy_timeout so several app processes can share it. */
export function openStore(dbPath: string): Db {
  if (dbPath !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true });
  const db = new Database(dbPath);
  if (dbPath !== ":memory:") db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.exec(schema);
  addMissingColumns(db);
  return db;
}

// Columns added after a store file may already exist (a dev sandbox.db survives upgrades).
const addedColumns: { table: string; column: string; ddl: string }[] = [
  { table: "orders", column: "withheld_codes", ddl: "withheld_codes TEXT" },
  { table: "orders", column: "short_served", ddl: "short_served INTEGER NOT NULL DEFAULT 0" },
];

function addMissingColumns(db: Db): void {
  for (const { table, column, ddl } of addedColumns) {
    const cols = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    if (cols.some((c) => c.name === column)) continue;
    try {
      db.exec(`ALTER TABLE ${table} ADD COLUMN ${ddl}`);
    } catch (e) {
      // Another process sharing the file may have added it between the check and the ALTER.
      if (!/duplicate column/i.test(e instanceof Error ? e.message : "")) throw e;
    }
  }
}

/** Empties every table (control.reset). */
export function clearStore(db: Db): void {
  db.transaction(() => {
    for (const t of dataTables) db.prepare(`DELETE FROM ${t}`).run();
    db.prepare("DELETE FROM sqlite_sequence").run();
  })();
}

/** Reads a persisted JSON setting (options, faults, clock offset) shared by every process. */
export function readSetting<T>(db: Db, key: string, fallback: T): T {
  const row = db.prepare("SELECT value FROM settings WHERE key = ?").get(key) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as T) : fallback;
}

/** Persists a JSON setting. */
export function writeSetting(db: Db, key: string, value: unknown): void {
  db.prepare(
    "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
  ).run(key, JSON.stringify(value));
}

/** Adds to a counter row; used for request stats. */
export function bumpCounter(db: Db, route: string, by = 1): void {
  db.prepare(
    "INSERT INTO request_stats (route, count) VALUES (?, ?) ON CONFLICT(route) DO UPDATE SET count = count + excluded.count",
  ).run(route, by);
}
