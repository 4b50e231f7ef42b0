// Child of the load phase: the shop's own books check (lib/orders/books/books.ts) over the phase's
// PostgreSQL database, and every supplier's order list against the lines bought from it by the
// library's own rule (lib/orders/books/supplier-orders.ts, as staff's comparison): every live
// upstream order belongs to exactly one line of that supplier, every line's order is in its
// supplier's list, and what each order took from that supplier's wallet is what the shop counted
// (two suppliers number their orders on their own: docs/suppliers.md#per-supplier).
// DATABASE_URL comes from the parent; argv[2] is a JSON file of each supplier's orders as its
// control surface lists them ({ [supplier]: { order_id, status, amount }[] }).
import fs from "node:fs";
import { checkBooks } from "@/lib/orders/books/books";
import { checkSupplierOrders } from "@/lib/orders/books/supplier-orders";
import { db } from "@/lib/db";
import { printResult } from "./child";

export type BooksFigures = {
  checkedOrders: number;
  /** Upstream orders listed, per supplier. */
  upstreamOrders: Record<string, number>;
  problems: Record<string, number>;
  examples: string[];
};

type Listed = { order_id: number; status: string; amount?: string };
type Problem = { kind: string; detail: string };

async function main(): Promise<void> {
  const bySupplier = JSON.parse(fs.readFileSync(process.argv[2]!, "utf8")) as Record<string, Listed[]>;
  const result = await checkBooks();
  const all: Problem[] = result.problems.map((p) => ({ kind: p.kind, detail: p.detail }));
  // Each supplier's whole list against the lines bought from it, by the rule staff's comparison uses.
  for (const [supplier, orders] of Object.entries(bySupplier)) {
    const listed = orders.map((o) => ({ orderId: o.order_id, status: o.status, amount: o.amount }));
    all.push(...(await checkSupplierOrders(listed, supplier)));
  }
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
