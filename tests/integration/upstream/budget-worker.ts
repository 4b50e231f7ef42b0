// A separate OS process taking tokens from the shared DbBudget (used by db-budget.test.ts).
// argv: sqliteFile apiKey limit attempts nowMs. Prints {"granted": n}.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@prisma/client";
import { DbBudget } from "../../../lib/upstream/db-budget";

const [file, apiKey, limit, attempts, nowMs] = process.argv.slice(2) as [string, string, string, string, string];
const db = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: file, timeout: 10_000 }) });
const budget = new DbBudget({
  db,
  apiKey,
  limit: Number(limit),
  now: () => Number(nowMs),
  sleep: () => Promise.reject(new Error("would wait")),
});
let granted = 0;
for (let i = 0; i < Number(attempts); i++) {
  try {
    await budget.acquire("purchase");
    granted++;
  } catch {
    // would have waited for the next window
  }
}
await db.$disconnect();
console.log(JSON.stringify({ granted }));
