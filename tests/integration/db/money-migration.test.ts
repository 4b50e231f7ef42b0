// The payment and refund state machines came with a migration that turns existing refund rows
// into the new shape: a held payment's refund, a staff refund of a delivered line and an
// automatic refund of a failed line each get their kind and once-only key, and a refund the old
// code had marked "failed" (meaning: retry with the same key) becomes pending again.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { dbProvider } from "@/lib/db";
import { withAdmin, testDbPrefix } from "../../helpers/postgres";

const moneyMigration = "20261126054845_money_state_machines";
const root = path.resolve(__dirname, "../../..");

function migrationsBefore(dir: string, name: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name < name)
    .map((d) => d.name)
    .sort();
}

/** Old rows as the previous code wrote them (SQL portable to both databases). */
const seedOld = `
  INSERT INTO "Order" ("id","token","email","status","currency","total","createdAt","updatedAt") VALUES ('o1','t1','a@b.c','paid','USD',3.30,CURRENT_TIMESTAMP,CURRENT_TIMESTAMP);
  INSERT INTO "OrderLine" ("id","orderId","itemCode","productName","productType","brand","quantity","unitCost","unitPrice","lineTotal","currency","status","createdAt","updatedAt")
    VALUES ('l1','o1','X','X','test','B',1,1,1.10,1.10,'USD','refunded',CURRENT_TIMESTAMP,CURRENT_TIMESTAMP),
           ('l2','o1','X','X','test','B',1,1,1.10,1.10,'USD','refunded',CURRENT_TIMESTAMP,CURRENT_TIMESTAMP),
           ('l3','o1','X','X','test','B',1,1,1.10,1.10,'USD','failed',CURRENT_TIMESTAMP,CURRENT_TIMESTAMP);
  INSERT INTO "OrderEvent" ("id","orderId","lineId","kind","fromStatus","toStatus","cause","message","createdAt")
    VALUES ('e1','o1','l2','transition','delivered','refunded','staff','Refunded by the shop.',CURRENT_TIMESTAMP);
  INSERT INTO "Payment" ("id","orderId","provider","providerRef","amount","currency","status","createdAt","updatedAt") VALUES ('p1','o1','test','tp_1',3.30,'USD','succeeded',CURRENT_TIMESTAMP,CURRENT_TIMESTAMP);
  INSERT INTO "Refund" ("id","orderId","paymentId","lineId","amount","currency","status","reason","createdAt","updatedAt")
    VALUES ('held_p1','o1','p1',NULL,3.30,'USD','succeeded','held',CURRENT_TIMESTAMP,CURRENT_TIMESTAMP),
           ('r1','o1','p1','l1',1.10,'USD','succeeded','failed line',CURRENT_TIMESTAMP,CURRENT_TIMESTAMP),
           ('r2','o1','p1','l2',1.10,'USD','succeeded','faulty card',CURRENT_TIMESTAMP,CURRENT_TIMESTAMP),
           ('r3','o1','p1','l3',1.10,'USD','failed','failed line',CURRENT_TIMESTAMP,CURRENT_TIMESTAMP);
`;

const expected = [
  { id: "held_p1", kind: "held_payment", dedupeKey: "payment:p1:held_payment:1", status: "succeeded" },
  { id: "r1", kind: "failed_line", dedupeKey: "line:l1:failed_line:1", status: "succeeded" },
  { id: "r2", kind: "staff", dedupeKey: "line:l2:staff:1", status: "succeeded" },
  { id: "r3", kind: "failed_line", dedupeKey: "line:l3:failed_line:1", status: "pending" },
];
const select = `SELECT "id", "kind", "dedupeKey", "status" FROM "Refund" ORDER BY "id"`;

describe("the money state machines migration keeps existing refunds", () => {
  it.runIf(dbProvider === "sqlite")("on sqlite", () => {
    const dir = path.join(root, "prisma/migrations");
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-mig-")), "old.db");
    const sqlite = new Database(file);
    try {
      for (const m of migrationsBefore(dir, moneyMigration))
        sqlite.exec(fs.readFileSync(path.join(dir, m, "migration.sql"), "utf8"));
      sqlite.exec(seedOld);
      sqlite.exec(fs.readFileSync(path.join(dir, moneyMigration, "migration.sql"), "utf8"));
      expect(sqlite.prepare(select).all()).toEqual(expected);
    } finally {
      sqlite.close();
    }
  });

  it.runIf(dbProvider === "postgresql")("on postgresql", async () => {
    const dir = path.join(root, "prisma/postgresql/migrations");
    const name = `${testDbPrefix}money_mig_${process.pid}`;
    await withAdmin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${name}"`);
    });
    const rows = await withAdmin(async (c) => {
      for (const m of migrationsBefore(dir, moneyMigration))
        await c.query(fs.readFileSync(path.join(dir, m, "migration.sql"), "utf8"));
      await c.query(seedOld);
      await c.query(fs.readFileSync(path.join(dir, moneyMigration, "migration.sql"), "utf8"));
      return (await c.query(select)).rows;
    }, name);
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    expect(rows).toEqual(expected);
  });
});
