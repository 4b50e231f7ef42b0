// Child of the load phase: the shop's own books check (lib/orders/books/books.ts) over the phase's
// PostgreSQL database, and every supplier's order list against the lines bought from it, so every
// live upstream order belongs to exactly one line OF THAT SUPPLIER and every line's order is in its
// supplier's list (two suppliers number their orders on their own: docs/suppliers.md#per-supplier).
// DATABASE_URL comes from the parent; argv[2] is a JSON file of each supplier's orders as its
// control surface lists them ({ [supplier]: { order_id, status }[] }).
import fs from "node:fs";
import { checkBooks } from "@/lib/orders/books/books";
import { db } from "@/lib/db";
import { printResult } from "./child";

export type BooksFigures = {
  checkedOrders: number;
  /** Upstream orders listed, per supplier. */
  upstreamOrders: Record<string, number>;
  problems: Record<string, number>;
  examples: string[];
};

type Listed = { order_id: number; status: string };
type Problem = { kind: string; detail: string };

/** One supplier's orders against the lines bought from it. */
async function checkSupplier(supplier: string, orders: Listed[]): Promise<Problem[]> {
  const lines = await db.orderLine.findMany({
    where: { supplier, upstreamOrderId: { not: null } },
    select: { id: true, upstreamOrderId: true },
  });
  const lineOf = new Map(lines.map((l) => [l.upstreamOrderId!, l.id]));
  const listed = new Set(orders.map((o) => o.order_id));
  const out: Problem[] = [];
  for (const o of orders)
    if (o.status !== "failed" && !lineOf.has(o.order_id))
      out.push({
        kind: "upstream_order_without_line",
        detail: `${supplier} order ${o.order_id} (${o.status}) belongs to no line`,
      });
  for (const l of lines)
    if (!listed.has(l.upstreamOrderId!))
      out.push({
        kind: "line_without_upstream_order",
        detail: `line ${l.id}: ${supplier} order ${l.upstreamOrderId} is not in its list`,
      });
  return out;
}

async function main(): Promise<void> {
  const bySupplier = JSON.parse(fs.readFileSync(process.argv[2]!, "utf8")) as Record<string, Listed[]>;
  const result = await checkBooks();
  const all: Problem[] = result.problems.map((p) => ({ kind: p.kind, detail: p.detail }));
  for (const [supplier, orders] of Object.entries(bySupplier)) all.push(...(await checkSupplier(supplier, orders)));
  const problems: Record<string, number> = {};
  for (const p of all) problems[p.kind] = (problems[p.kind] ?? 0) + 1;
  const figures: BooksFigures = {
    checkedOrders: result.checkedOrders,
    upstreamOrders: Object.fromEntries(Object.entries(bySupplier).map(([s, o]) => [s, o.length])),
    problems,
    examples: all.slice(0, 5).map((p) => `${p.kind}: ${p.detail}`),
  };
  await db.$disconnect();
  printResult(figures);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
