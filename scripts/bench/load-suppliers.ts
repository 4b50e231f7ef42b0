// The load phase's suppliers (docs/suppliers.md): `main` alone, or main and `b`, both served by the
// one sandbox server, each with its own key, store, wallet and 100 calls a minute. The variables
// that give the sandbox its second supplier and the shop its configuration of it, and the wait
// until the shop has both suppliers' offers (they exist only after a full sync with more than one
// supplier: docs/suppliers.md#offers), so routing has something to choose from.
import pg from "pg";
import { benchEnv } from "./env";
import { sandboxKeyOf } from "./sandbox-control";

/** The suppliers of a run with `count` of them: main first. */
export function supplierNames(count: number): string[] {
  return ["main", "b", "c", "d"].slice(0, count);
}

/**
 * Variables laid over the sandbox server's and every instance's for `names`: the sandbox serves
 * each one after main, and the shop configures it at the sandbox server with its own key, webhook
 * secret and the budget `ratePerMinute`.
 */
export function supplierEnv(names: string[], sandboxUrl: string, ratePerMinute: number): Record<string, string> {
  const more = names.filter((n) => n !== "main");
  if (more.length === 0) return {};
  const mainSecret = benchEnv("load", 0).UPSTREAM_WEBHOOK_SECRET!;
  const env: Record<string, string> = { SANDBOX_SUPPLIERS: more.join(","), UPSTREAM_SUPPLIERS: more.join(",") };
  for (const name of more) {
    const prefix = `UPSTREAM_${name.toUpperCase()}_`;
    env[`${prefix}BASE_URL`] = `${sandboxUrl}/sandbox/${name}/v1`;
    env[`${prefix}API_KEY`] = sandboxKeyOf(name);
    env[`${prefix}RATE_LIMIT`] = String(ratePerMinute);
    env[`${prefix}WEBHOOK_SECRET`] = `${mainSecret}_${name}`;
  }
  return env;
}

/** Offers stored per supplier, and how many of them are in stock. */
export async function offerCounts(databaseUrl: string): Promise<Record<string, { offers: number; inStock: number }>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ supplier: string; n: string; s: string }>(
      `SELECT supplier, count(*) AS n, count(*) FILTER (WHERE "inStock") AS s FROM "Offer" GROUP BY supplier`,
    );
    return Object.fromEntries(rows.map((r) => [r.supplier, { offers: Number(r.n), inStock: Number(r.s) }]));
  } finally {
    await client.end();
  }
}

/** Whether an offers refresh holds its lease (lib/catalog/offers/sync-offers.ts writes offers under it). */
async function offersRefreshRunning(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT 1 FROM "Lease" WHERE name = 'catalog.offers' AND "expiresAt" > now()`);
    return rows.length > 0;
  } finally {
    await client.end();
  }
}

/**
 * With more than one supplier: waits (every 2 s, at most `timeoutMs`) until the offers refresh the
 * instances' start-up full sync runs after it has ended — every supplier has offers and none is
 * being written (they are written one by one under the `catalog.offers` lease); throws when they
 * never come.
 */
export async function waitForOffers(databaseUrl: string, names: string[], timeoutMs = 300_000) {
  if (names.length < 2) return {};
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const counts = await offerCounts(databaseUrl);
    if (names.every((n) => (counts[n]?.offers ?? 0) > 0) && !(await offersRefreshRunning(databaseUrl))) return counts;
    if (performance.now() > deadline)
      throw new Error(`no offers of ${names.filter((n) => !counts[n]).join(", ")} after the start-up sync`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
