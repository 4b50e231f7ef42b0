// Failing a line over to another supplier's offer after a definite failure (docs/suppliers.md#failover).
// Only an answer that proves this attempt made nothing (attemptVerdict: fail_over), after no earlier
// unknown outcome, moves the line: the attempt here is closed (failed_over) and the line takes the
// next offer routeLine gives, with a new idempotency key for that supplier, in one conditional
// update on the old key — so a line never has two live upstream orders. Without another offer
// the line stays with its supplier and the purchase outcome rules apply as before.
import "server-only";
import crypto from "node:crypto";
import { applyOfferStock } from "@/lib/catalog/offers/offer-stock";
import { db, type Prisma } from "@/lib/db";
import { log } from "@/lib/log";
import { attemptVerdict } from "../routing/attempt-verdict";
import { routeKept, routeLine } from "../routing/choose-offer";
import { offersOf } from "../routing/offers";
import { readSupplierStates } from "../routing/supplier-states";
import { recordOrderEvent, type Cause } from "../core/transition";
import { getQuoteWindowMs } from "../core/money-settings";
import { say } from "../core/timeline-words";

type Opts = { now: Date; cause: Cause };

/**
 * Moves the line to its next offer after `err`, the answer to its attempt at its supplier; false
 * when `err` is no definite failure or no offer is left. The caller calls it only when no earlier
 * attempt's outcome is unknown (the line's mark then stands for this attempt alone, which `err`
 * proves made nothing).
 */
export async function failOver(lineId: string, err: unknown, opts: Opts): Promise<boolean> {
  const verdict = attemptVerdict(err);
  if (verdict.next !== "fail_over") return false;
  const line = await db.orderLine.findUnique({ where: { id: lineId } });
  if (!line || line.status !== "purchasing" || !line.idempotencyKey) return false;
  const offers = await offersOf(line.itemCode);
  if (offers.length === 0) return false;
  const attempts = await db.purchaseAttempt.findMany({ where: { lineId }, select: { supplier: true } });
  const tried = new Set([line.supplier, ...attempts.map((a) => a.supplier)]);
  const route = routeLine(offers, await readSupplierStates(), line.quantity, tried);
  // The margin guard on the new offer's cost: never bought above what the shopper pays (wallet currency).
  const salePrice = line.walletUnitPrice ?? line.unitPrice;
  const next = route.candidates.find((o) => o.unitCost.lte(salePrice));
  if (!next) return false;
  const key = crypto.randomUUID();
  const oldKey = line.idempotencyKey;
  const moved = await db.$transaction(async (tx) => {
    const { count } = await tx.orderLine.updateMany({
      where: { id: lineId, status: "purchasing", idempotencyKey: oldKey },
      data: {
        supplier: next.supplier,
        supplierItemCode: next.itemCode === line.itemCode ? null : next.itemCode,
        idempotencyKey: key,
        unitCost: next.unitCost,
        attempt: { increment: 1 },
        checks: 0,
        unknownOutcomeAt: null,
        nextCheckAt: opts.now,
      },
    });
    if (count === 0) return false;
    await tx.purchaseAttempt.upsert({
      where: { lineId_supplier: { lineId, supplier: line.supplier } },
      create: {
        lineId,
        supplier: line.supplier,
        itemCode: line.supplierItemCode ?? line.itemCode,
        idempotencyKey: oldKey,
        outcome: "failed_over",
        reason: verdict.reason,
      },
      update: { outcome: "failed_over", reason: verdict.reason },
    });
    await tx.purchaseAttempt.create({
      data: { lineId, supplier: next.supplier, itemCode: next.itemCode, idempotencyKey: key },
    });
    return true;
  });
  if (!moved) return false;
  log.info({ lineId, from: line.supplier, to: next.supplier, reason: verdict.reason }, "purchase: line failed over");
  await recordOrderEvent({
    orderId: line.orderId,
    lineId,
    kind: "failover",
    cause: opts.cause,
    ...say("failover", { from: line.supplier, reason: verdict.reason, to: next.supplier }),
    now: opts.now,
  });
  return true;
}

/**
 * Routing at purchase (docs/suppliers.md#routing): before a paid line's first attempt, a line whose
 * price was checked live at its offer inside the quote window keeps that offer while it can still be
 * bought (routeKept: the check is reused, no second one elsewhere); any other line takes the best
 * offer routeLine gives now — cheapest in stock at an enabled, unpaused supplier whose wallet covers
 * it. Either way at no more than the shopper pays. Returns the line as it now is; unchanged when the
 * product has no offers (a shop with one supplier) or none is better placed.
 */
export async function routeBeforePurchase<L extends RoutableLine>(line: L, now: Date = new Date()): Promise<L> {
  const offers = await offersOf(line.itemCode);
  if (offers.length === 0) return line;
  const current = line.supplierItemCode ?? line.itemCode;
  const states = await readSupplierStates();
  const checked = line.priceCheckedAt && now.getTime() - line.priceCheckedAt.getTime() < (await getQuoteWindowMs());
  const route = checked
    ? routeKept(offers, states, line.quantity, { supplier: line.supplier, itemCode: current })
    : routeLine(offers, states, line.quantity);
  const salePrice = line.walletUnitPrice ?? line.unitPrice;
  const best = route.candidates.find((o) => o.unitCost.lte(salePrice));
  if (!best || (best.supplier === line.supplier && best.itemCode === current)) return line;
  const chosen = {
    supplier: best.supplier,
    supplierItemCode: best.itemCode === line.itemCode ? null : best.itemCode,
    unitCost: best.unitCost,
  };
  const { count } = await db.orderLine.updateMany({ where: { id: line.id, status: "paid" }, data: chosen });
  return count === 1 ? { ...line, ...chosen } : line;
}

type RoutableLine = {
  id: string;
  itemCode: string;
  quantity: number;
  supplier: string;
  supplierItemCode: string | null;
  unitCost: Prisma.Decimal;
  unitPrice: Prisma.Decimal;
  walletUnitPrice: Prisma.Decimal | null;
  /** When its price was last checked live at its offer (the quote's check); null: never. */
  priceCheckedAt: Date | null;
};

/**
 * The line's supplier said, at the check before its first purchase, that it has no stock: its offer
 * is marked so, and whether routing can now take another offer of the product for the line — in
 * stock, at an enabled, unpaused supplier, at no more than the shopper pays (the line is then routed
 * again instead of refunded; an offer routing would pass over would leave it paid for ever).
 * Nothing was bought, so no attempt is closed.
 */
export async function offerSoldOut(line: {
  supplier: string;
  itemCode: string;
  supplierItemCode: string | null;
  quantity: number;
  unitPrice: Prisma.Decimal;
  walletUnitPrice?: Prisma.Decimal | null;
}): Promise<boolean> {
  const { count } = await db.offer.updateMany({
    where: { supplier: line.supplier, itemCode: line.supplierItemCode ?? line.itemCode, productCode: line.itemCode },
    data: { inStock: false },
  });
  if (count === 0) return false;
  // What the shop shows follows (docs/suppliers.md#offers).
  await applyOfferStock([line.itemCode]);
  const route = routeLine(await offersOf(line.itemCode), await readSupplierStates(), line.quantity);
  const salePrice = line.walletUnitPrice ?? line.unitPrice;
  return route.candidates.some((o) => o.unitCost.lte(salePrice));
}

/** Records the line's first attempt at its supplier (its key); a repeat is a no-op. */
export async function recordFirstAttempt(
  line: { id: string; supplier: string; itemCode: string; supplierItemCode: string | null },
  key: string,
): Promise<void> {
  await db.purchaseAttempt.upsert({
    where: { lineId_supplier: { lineId: line.id, supplier: line.supplier } },
    create: {
      lineId: line.id,
      supplier: line.supplier,
      itemCode: line.supplierItemCode ?? line.itemCode,
      idempotencyKey: key,
    },
    update: {},
  });
}
