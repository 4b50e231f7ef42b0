// After the load phase's drain: the shop's own view of what happened, read from its database —
// how many orders exist (a checkout that answered 500 may still have written one) and whether any
// line is still being bought, and per supplier: the lines each one was given and the failovers
// away from each (docs/suppliers.md#failover). The books are checked only once nothing is in flight (bounded wait),
// so an upstream order created by a late retry is not taken for one without a line.
import pg from "pg";

const inFlight = ["paid", "purchasing", "pending_upstream"];

export type ShopCounts = {
  orders: number;
  linesInFlight: number;
  linesByStatus: Record<string, number>;
  /** Lines by the supplier they were last routed to (all lines, and those with a supplier order). */
  linesBySupplier: Record<string, { lines: number; bought: number }>;
  /** Purchase attempts that failed over, "<supplier> <reason>" → count. */
  failovers: Record<string, number>;
};

export async function shopCounts(databaseUrl: string): Promise<ShopCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const orders = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "Order"`);
    const lines = await client.query<{ status: string; n: string }>(
      `SELECT status, count(*) AS n FROM "OrderLine" GROUP BY status`,
    );
    const bySupplier = await client.query<{ supplier: string; n: string; bought: string }>(
      `SELECT supplier, count(*) AS n, count("upstreamOrderId") AS bought FROM "OrderLine" GROUP BY supplier`,
    );
    const attempts = await client.query<{ supplier: string; reason: string | null; n: string }>(
      `SELECT supplier, reason, count(*) AS n FROM "PurchaseAttempt" WHERE outcome = 'failed_over' GROUP BY supplier, reason`,
    );
    const linesByStatus = Object.fromEntries(lines.rows.map((r) => [r.status, Number(r.n)]));
    const linesInFlight = inFlight.reduce((sum, s) => sum + (linesByStatus[s] ?? 0), 0);
    return {
      orders: Number(orders.rows[0]?.n ?? 0),
      linesInFlight,
      linesByStatus,
      linesBySupplier: Object.fromEntries(
        bySupplier.rows.map((r) => [r.supplier, { lines: Number(r.n), bought: Number(r.bought) }]),
      ),
      failovers: Object.fromEntries(attempts.rows.map((r) => [`${r.supplier} ${r.reason ?? "?"}`, Number(r.n)])),
    };
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
