// A separate OS process hitting one key of the shared limiter (used by rate-limit.test.ts).
// argv: key limit windowMs attempts nowMs. Prints {"passed": n}.
import { db } from "../../../lib/db";
import { consumeRateLimit } from "../../../lib/rate-limit";

const [key, limit, windowMs, attempts, nowMs] = process.argv.slice(2) as [string, string, string, string, string];
const rule = { limit: Number(limit), windowMs: Number(windowMs) };
const results = await Promise.all(
  Array.from({ length: Number(attempts) }, () => consumeRateLimit(key, rule, new Date(Number(nowMs)))),
);
await db.$disconnect();
console.log(JSON.stringify({ passed: results.filter((r) => r.ok).length }));
