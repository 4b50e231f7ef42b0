// A shopper's live check waits at most checkoutUpstreamWaitMs for the shared budget and the
// answer. Under load the deadline can pass while the budget is still writing the token it
// grants: the call then reaches the upstream client with its signal already aborted. The quote
// must say it could not check, and nothing may be left to reject unhandled in the process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@prisma/client";
import { runCatalogSync } from "@/lib/catalog/sync";
import { db } from "@/lib/db";
import { quoteItems } from "@/lib/orders/quote/quote";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { DbBudget } from "@/lib/upstream/db-budget";
import { API_KEY, startSyncHarness } from "../catalog/sync-harness";

const h = startSyncHarness({ catalogSize: 50 });
const deadline = new AbortController();
let deadlineAtNextToken = false;

type Rows = PrismaClient["upstreamBudget"];
type UpdateManyArgs = Parameters<Rows["updateMany"]>[0];

/** The shop's budget rows, where the deadline can run out while a token is being taken. */
function slowTokenRows(rows: Rows): Pick<PrismaClient, "upstreamBudget"> {
  const takesToken = (args: UpdateManyArgs) =>
    typeof args.data.used === "object" && args.data.used !== null && "increment" in args.data.used;
  const upstreamBudget = {
    findUnique: rows.findUnique.bind(rows),
    create: rows.create.bind(rows),
    update: rows.update.bind(rows),
    updateMany: async (args: UpdateManyArgs) => {
      const result = await rows.updateMany(args);
      if (deadlineAtNextToken && result.count === 1 && takesToken(args)) {
        deadlineAtNextToken = false;
        deadline.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
      }
      return result;
    },
  };
  return { upstreamBudget } as unknown as Pick<PrismaClient, "upstreamBudget">;
}

const checkCalls = () => h.sandbox.control.stats().byRoute["POST /orders/check"] ?? 0;

beforeAll(async () => {
  await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps);
  const budget = new DbBudget({ db: slowTokenRows(db.upstreamBudget), apiKey: API_KEY, limit: 100 });
  setUpstream(
    new UpstreamClient({ baseUrl: "http://sandbox.test/v1", apiKey: API_KEY, fetch: h.sandbox.fetch, budget }),
  );
});
afterAll(() => h.close());

describe("a live check whose deadline passes as the budget grants its token", () => {
  it("says the line could not be checked and leaves no rejection unhandled", async () => {
    const product = await db.product.findFirstOrThrow({
      where: {
        listed: true,
        hidden: false,
        inStock: true,
        productType: { not: "test" },
        requiredFields: "[]",
        minQuantity: { lte: 1 },
      },
      orderBy: { itemCode: "asc" },
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const before = checkCalls();
      deadlineAtNextToken = true;
      const quote = await quoteItems([{ itemCode: product.itemCode, quantity: 1 }], { signal: deadline.signal });
      expect(deadline.signal.aborted).toBe(true);
      expect(quote.problems).toEqual([
        `We could not check ${product.productName} right now. Please try again in a moment.`,
      ]);
      expect(checkCalls()).toBe(before);
      // Node reports an unhandled rejection once the microtasks have run, before the next macrotask.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
