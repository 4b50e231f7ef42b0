// Child of the load phase: the shop's own books check (lib/orders/books/books.ts) over the phase's
// PostgreSQL database, with the sandbox's order list, so every upstream order must belong to
// exactly one line. DATABASE_URL comes from the parent; argv[2] is a JSON file of the upstream's
// orders as its control surface lists them ({ order_id, status }[]).
import fs from "node:fs";
import { checkBooks } from "@/lib/orders/books/books";
import { db } from "@/lib/db";
import { printResult } from "./child";

export type BooksFigures = {
  checkedOrders: number;
  upstreamOrders: number;
  problems: Record<string, number>;
  examples: string[];
};

async function main(): Promise<void> {
  const orders = JSON.parse(fs.readFileSync(process.argv[2]!, "utf8")) as { order_id: number; status: string }[];
  const result = await checkBooks({ upstreamOrders: orders.map((o) => ({ orderId: o.order_id, status: o.status })) });
  const problems: Record<string, number> = {};
  for (const p of result.problems) problems[p.kind] = (problems[p.kind] ?? 0) + 1;
  const figures: BooksFigures = {
    checkedOrders: result.checkedOrders,
    upstreamOrders: orders.length,
    problems,
    examples: result.problems.slice(0, 5).map((p) => `${p.kind}: ${p.detail}`),
  };
  await db.$disconnect();
  printResult(figures);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
