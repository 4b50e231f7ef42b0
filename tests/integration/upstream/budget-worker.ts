// A separate OS process taking tokens from the shared DbBudget (used by db-budget.test.ts).
// argv: databaseUrl apiKey limit attempts nowMs. Prints {"granted": n}.
import { createPrismaClient } from "../../../lib/db-client";
import { DbBudget } from "../../../lib/upstream/db-budget";

const [url, apiKey, limit, attempts, nowMs] = process.argv.slice(2) as [string, string, string, string, string];
const db = createPrismaClient(url);
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
