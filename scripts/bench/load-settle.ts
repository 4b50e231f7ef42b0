// After the load phase's drain: the shop's own view of what happened, read from its database —
// how many orders exist (a checkout that answered 500 may still have written one) and whether any
// line is still being bought. The books are checked only once nothing is in flight (bounded wait),
// so an upstream order created by a late retry is not taken for one without a line.
import pg from "pg";

const inFlight = ["paid", "purchasing", "pending_upstream"];

export type ShopCounts = { orders: number; linesInFlight: number; linesByStatus: Record<string, number> };

export async function shopCounts(databaseUrl: string): Promise<ShopCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const orders = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "Order"`);
    const lines = await client.query<{ status: string; n: string }>(
      `SELECT status, count(*) AS n FROM "OrderLine" GROUP BY status`,
    );
    const linesByStatus = Object.fromEntries(lines.rows.map((r) => [r.status, Number(r.n)]));
    const linesInFlight = inFlight.reduce((sum, s) => sum + (linesByStatus[s] ?? 0), 0);
    return { orders: Number(orders.rows[0]?.n ?? 0), linesInFlight, linesByStatus };
  } finally {
    await client.end();
  }
}

/** Waits (checking every 2 s, at most `timeoutMs`) until no line is being bought; returns the last counts. */
export async function waitUntilSettled(databaseUrl: string, timeoutMs = 180_000): Promise<ShopCounts> {
  const deadline = performance.now() + timeoutMs;
  let counts = await shopCounts(databaseUrl);
  while (counts.linesInFlight > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    counts = await shopCounts(databaseUrl);
  }
  return counts;
}
