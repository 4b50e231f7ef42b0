// Never below cost, at purchase time too (docs/money-rules.md#m5). A line's price was checked
// when it was quoted; if that was longer ago than the owner's quote window (quote-window.ts, 60 s
// by default) before a purchase attempt (a delayed card, a payment page left open, 402 retries
// for an hour, a held payment released days later), or when a catalog sync has since seen the
// supplier charge more than the line's cost, it is checked again, and a line whose minimum margin
// no longer holds is not bought: it is refunded, or held for staff. Only for lines no upstream order can exist for yet: before the
// first attempt, or after attempts the upstream refused outright (a retry after an unknown
// outcome replays its key whatever the price, since the order may already exist).
import "server-only";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { checkSaleMargin, selectRule } from "@/lib/pricing/markup";
import { loadPricingRules } from "@/lib/pricing/rules";
import * as E from "@/lib/upstream/errors";
import { getPriceRiseAction, getQuoteWindowMs } from "../core/money-settings";
import { recordedCall } from "./record-call";
import { nextRetryAt } from "../core/schedule";
import { transitionLine, type Cause } from "../core/transition";
import { ordersUpstream } from "../core/upstream-port";
import { offerSoldOut } from "./failover";
import { walletUnitPriceOf } from "../core/wallet-figures";
import { MAIN_SUPPLIER } from "@/lib/upstream/suppliers";
import { say } from "../core/timeline-words";
import { costWithRecentCharges } from "../core/charged-cost";

type PaidLine = {
  id: string;
  status: string;
  orderId: string;
  itemCode: string;
  /** The supplier it is bought from, and its item code there when not `itemCode`. */
  supplier: string;
  supplierItemCode: string | null;
  productType: string;
  brand: string;
  quantity: number;
  unitCost: Prisma.Decimal;
  unitPrice: Prisma.Decimal;
  /** The sale in the wallet currency (null: unitPrice, an order in the wallet currency). */
  walletUnitPrice?: Prisma.Decimal | null;
  currency: string;
  checks: number;
  createdAt: Date;
  priceCheckedAt: Date | null;
};

export const priceRoseMessage =
  "The supplier's price for this item went up after you ordered, so we could not buy it at the price you paid.";

/**
 * "buy": the price is fresh or still leaves the margin. "stopped": the line was failed (and is
 * being refunded) or held for staff. "later": the price could not be checked now (tried again).
 * "uncertain" (only with `mayExist`, after an unknown outcome): the line should not be bought at
 * this price, but an order may already exist for its key — the caller looks for it first.
 */
export async function guardPriceBeforePurchase(
  line: PaidLine,
  opts: { now: Date; cause: Cause; signal?: AbortSignal; mayExist?: boolean },
): Promise<"buy" | "stopped" | "later" | "uncertain" | "rerouted"> {
  const { now } = opts;
  const checkedAt = line.priceCheckedAt ?? line.createdAt;
  // A quote (or a check before purchase) younger than the owner's window is trusted, unless the
  // catalog already knows a higher cost (a database read, no upstream call): a line priced from
  // the catalog was never checked live, and its cost is the sync's (docs/money-rules.md#m5).
  if (now.getTime() - checkedAt.getTime() < (await getQuoteWindowMs()) && !(await catalogCostRose(line, now)))
    return "buy";
  const ctx = { orderId: line.orderId, lineId: line.id, supplier: line.supplier, now: () => now };
  let unitCost: Prisma.Decimal;
  try {
    const check = await recordedCall(ctx, "POST /orders/check", () =>
      ordersUpstream(line.supplier).check(
        { itemCode: line.supplierItemCode ?? line.itemCode, quantity: line.quantity },
        { priority: "purchase", signal: opts.signal },
      ),
    );
    if (!check.available && opts.mayExist) return "uncertain";
    if (!check.available) return (await rerouted(line)) ? "rerouted" : stop(line, outOfStock, opts);
    unitCost = new Prisma.Decimal(check.price);
  } catch (err) {
    if (
      opts.mayExist &&
      (err instanceof E.OutOfStockError || err instanceof E.InvalidQuantityError || err instanceof E.NotFoundError)
    )
      return "uncertain";
    if (err instanceof E.OutOfStockError) return (await rerouted(line)) ? "rerouted" : stop(line, outOfStock, opts);
    if (err instanceof E.InvalidQuantityError)
      return stop(line, "This quantity is no longer available for this item.", opts);
    if (err instanceof E.NotFoundError) return stop(line, "This item is no longer available.", opts);
    await db.orderLine.updateMany({
      where: { id: line.id, status: line.status },
      data: { checks: { increment: 1 }, nextCheckAt: nextRetryAt(now, line.checks) },
    });
    return "later";
  }
  const rule = selectRule(await loadPricingRules(), {
    itemCode: line.itemCode,
    productType: line.productType,
    brand: line.brand,
  });
  // In the wallet currency, at the rate of the sale (docs/markets.md#what-an-order-records).
  const unitPrice = walletUnitPriceOf(line);
  if (checkSaleMargin({ unitCost, unitPrice, quantity: line.quantity, rule }).ok) {
    await db.orderLine.updateMany({ where: { id: line.id, status: line.status }, data: { priceCheckedAt: now } });
    return "buy";
  }
  if (opts.mayExist) return "uncertain";
  const cost = `${unitCost.toFixed(2)} ${env.SHOP_CURRENCY}`;
  if ((await getPriceRiseAction()) === "hold") {
    await db.orderLine.updateMany({
      where: { id: line.id, status: line.status },
      data: {
        nextCheckAt: null,
        attentionAt: now,
        attentionReason: `The supplier now charges ${cost} a unit, above this line's sale price of ${unitPrice.toFixed(2)} less the minimum margin. Buy it anyway, or refund it.`,
      },
    });
    return "stopped";
  }
  return stop(line, priceRoseMessage, opts);
}

const outOfStock = "The item went out of stock at the supplier.";

/** Before the first purchase, a line out of stock at its supplier may take another offer (docs/suppliers.md#routing). */
async function rerouted(line: PaidLine): Promise<boolean> {
  return line.status === "paid" && (await offerSoldOut(line));
}

/**
 * Whether the catalog's stored cost of the line's offer is now above the cost the line was sold on:
 * main's row of the product, or for a line bought from another supplier that supplier's offer
 * (docs/suppliers.md#routing) — main's cost says nothing of what b charges — or what a recent
 * purchase of that offer was charged, when more (lib/orders/core/charged-cost.ts).
 */
async function catalogCostRose(line: PaidLine, now: Date): Promise<boolean> {
  const stored =
    line.supplier === MAIN_SUPPLIER
      ? await db.product.findUnique({ where: { itemCode: line.itemCode }, select: { chargedPrice: true } })
      : await db.offer
          .findUnique({
            where: { supplier_itemCode: { supplier: line.supplier, itemCode: line.supplierItemCode ?? line.itemCode } },
            select: { unitCost: true },
          })
          .then((offer) => offer && { chargedPrice: offer.unitCost });
  if (stored == null) return false;
  // A purchase of the same offer charged more since: a rise the shop saw before any sync did.
  const offer = { supplier: line.supplier, productCode: line.itemCode, supplierItemCode: line.supplierItemCode };
  return (await costWithRecentCharges(offer, stored.chargedPrice, now)).gt(line.unitCost);
}

/** The line will not be bought: paid (or purchasing, nothing bought) → failed, due now for its refund. */
async function stop(line: PaidLine, reason: string, opts: { now: Date; cause: Cause }): Promise<"stopped"> {
  const from = line.status === "purchasing" ? "purchasing" : "paid";
  await transitionLine(line.id, from, "failed", {
    cause: opts.cause,
    ...say("failed", { reason }),
    data: { failureReason: reason, nextCheckAt: opts.now },
    now: opts.now,
  });
  return "stopped";
}
