// After every other end-to-end spec, passed or not (the teardown of the project they all depend
// on): the server's log of the whole run (data/e2e/server.log, kept by scripts/e2e-server.mjs) is
// one JSON line per event and holds none of the codes, top-up fields, card
// numbers, order links, shopper emails or secrets the run produced.
import fs from "node:fs";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { e2eOwner, e2eSecrets } from "../e2e-env.mjs";

const logFile = "data/e2e/server.log";
type Secret = { what: string; value: string };

function rows<T>(file: string, sql: string): T[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

/** Everything the run produced that must never be logged. */
function producedSecrets(): Secret[] {
  const out: Secret[] = [];
  // The sandbox keeps codes as a JSON list and an idempotency key's scope as [item, quantity, fields as JSON pairs].
  for (const { codes } of rows<{ codes: string }>("data/e2e/sandbox.db", "SELECT codes FROM orders")) {
    for (const c of JSON.parse(codes) as (string | { code?: string })[])
      out.push({ what: "a code", value: typeof c === "string" ? c : (c.code ?? "") });
  }
  for (const { scope } of rows<{ scope: string }>("data/e2e/sandbox.db", "SELECT scope FROM idempotency_keys")) {
    const pairs = JSON.parse(String((JSON.parse(scope) as unknown[])[2] ?? "[]")) as [string, string][];
    for (const [, v] of pairs) out.push({ what: "a top-up field", value: String(v) });
  }
  for (const o of rows<{ token: string; email: string }>("data/e2e/shop.db", 'SELECT token, email FROM "Order"')) {
    out.push({ what: "an order link token", value: o.token }, { what: "a shopper's email", value: o.email });
  }
  for (const card of [
    "4242424242424242",
    "4242 4242 4242 4242",
    "4000000000000002",
    "4000 0000 0000 0002",
    "4000000000003220",
    "4000 0000 0000 3220",
  ])
    out.push({ what: "a card number", value: card });
  for (const [name, value] of Object.entries(e2eSecrets)) out.push({ what: name, value });
  out.push(
    { what: "the owner's password", value: e2eOwner.password },
    { what: "the owner's TOTP secret", value: e2eOwner.totpSecret },
  );
  return out.filter((s) => typeof s.value === "string" && s.value.length >= 4);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("the server's log of the whole run is structured and holds no code, top-up field, card number or secret", () => {
  test.skip(Boolean(process.env.E2E_BASE_URL) || !fs.existsSync(logFile), "the server was not started by this run");
  const log = fs.readFileSync(logFile, "utf8");
  const events = log
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(events.length).toBeGreaterThan(0);
  expect(
    events.every((e) => typeof e.level === "string" && typeof e.msg === "string" && typeof e.time === "string"),
  ).toBe(true);

  const secrets = producedSecrets();
  // Whole tokens only: a six-digit player ID inside a longer number is not that ID.
  const leaks = secrets
    .filter((s) => new RegExp(`(?<![0-9A-Za-z])${escape(s.value)}(?![0-9A-Za-z])`).test(log))
    .map((s) => s.what);
  expect(leaks).toEqual([]);
});
