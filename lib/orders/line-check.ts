// One quote line's stock and price: what a fresh quote proof says (quote-proof.ts) when it still
// prices the line as the shopper saw it, else the upstream's live POST /orders/check.
import "server-only";
import { Prisma } from "@/lib/db";
import { computeUnitPrice, type PricingRuleInput } from "@/lib/pricing/markup";
import { checkWithReuse } from "./check-cache";
import type { ProvenCheck } from "./quote-proof";
import { checkoutUpstreamWaitMs, ordersUpstream } from "./upstream-port";

export type LineCheck = {
  available: boolean;
  availableQuantity: number | null;
  unitCost: Prisma.Decimal;
  /** When the upstream said so (a reused check may be up to reuseChecksMs older than `now`). */
  checkedAt: Date;
};

/**
 * The proof's answer, unless the pricing rules changed since it was signed (its cost would no
 * longer give the price shown: then the upstream is asked again, as without a proof); errors
 * from the upstream are thrown as the client throws them.
 */
export async function checkLine(
  item: { itemCode: string; quantity: number },
  rule: PricingRuleInput,
  opts: { now: Date; proven?: ProvenCheck; signal?: AbortSignal; reuseChecksMs?: number },
): Promise<LineCheck> {
  const { proven } = opts;
  if (proven && proven.quantity === item.quantity && computeUnitPrice(proven.unitCost, rule).equals(proven.unitPrice))
    return {
      available: true,
      availableQuantity: proven.availableQuantity,
      unitCost: proven.unitCost,
      checkedAt: proven.checkedAt,
    };
  const signal = opts.signal ?? AbortSignal.timeout(checkoutUpstreamWaitMs);
  const run = () => ordersUpstream().check({ itemCode: item.itemCode, quantity: item.quantity }, { signal });
  const check = opts.reuseChecksMs
    ? await checkWithReuse(item.itemCode, item.quantity, run, { maxAgeMs: opts.reuseChecksMs })
    : await run();
  return {
    available: check.available,
    availableQuantity: check.availableQuantity,
    unitCost: new Prisma.Decimal(check.price),
    checkedAt: new Date(opts.now.getTime() - (opts.reuseChecksMs ?? 0)),
  };
}
