// What a second supplier adds to the money chaos (docs/suppliers.md, docs/money-rules.md): b's
// catalog overlaps main's at other prices and stock, so lines route to either and fail over; the
// actions sell a product out at one supplier, disable and enable a supplier and sync the offers;
// and the invariants are read from both sandboxes' own stores, the ground truth.
import fc from "fast-check";
import { expect } from "vitest";
import { syncAllOffers } from "@/lib/catalog/offers/sync-offers";
import { applyOfferStock } from "@/lib/catalog/offers/offer-stock";
import { db, Prisma } from "@/lib/db";
import { ensureSupplierRows } from "@/lib/suppliers/rows";
import { getUpstream } from "@/lib/upstream";
import { recordBalanceRead } from "@/lib/wallet/estimate";
import type { SandboxOrderRecord } from "@/lib/sandbox";
import { bump, chaosSkus, chaosStats, type ChaosSku, type ChaosWorld } from "./chaos-harness";

export type SupplierAction =
  | { kind: "sellOut"; supplier: string; sku: ChaosSku; restock: boolean }
  | { kind: "supplierSwitch"; supplier: string; enabled: boolean }
  | { kind: "syncOffers" }
  | { kind: "raceNextPurchase"; race: Race };

/**
 * What happens at the supplier a paid line is routed to between its payment and its purchase:
 * the card sells out there, its wallet runs short, or its rate limit is hit — each a definite
 * failure, so the line fails over.
 */
type Race = "soldOut" | "walletShort" | "rateLimited";
let armedRace: Race | null = null;

/** Units each sandbox holds of a TEST SKU when a run starts (TEST-OOS: none at main, plenty at b). */
const baseStock = (supplier: string, sku: ChaosSku) => (sku === "TEST-OOS" && supplier === "main" ? 0 : 1_000_000);

/**
 * b's prices when a run starts, against main's 1.00 (the shop sells at 1.10), so lines go both
 * ways: instant cards cheaper at b; pending ones, pending top-ups and the card main has sold out
 * of (its catalog row still says in stock) dearer; a tie on top-ups and TEST-FAIL (broken by name: b first).
 */
const bPrices = {
  "TEST-INSTANT": "0.95",
  "TEST-PENDING": "1.05",
  "TEST-PENDING-FAIL": "1.02",
  "TEST-TOPUP-PENDING": "1.03",
  "TEST-OOS": "1.04",
  "TEST-TOPUP": "1.00",
};

export function supplierActions(suppliers: readonly string[]): fc.Arbitrary<SupplierAction> {
  const supplier = fc.constantFrom(...suppliers);
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("sellOut" as const),
        supplier,
        sku: fc.constantFrom<ChaosSku>("TEST-INSTANT", "TEST-PENDING", "TEST-TOPUP", "TEST-OOS"),
        restock: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant("supplierSwitch" as const), supplier, enabled: fc.boolean() }),
    },
    { weight: 2, arbitrary: fc.constant({ kind: "syncOffers" as const }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("raceNextPurchase" as const),
        race: fc.constantFrom<Race>("soldOut", "walletShort", "rateLimited"),
      }),
    },
  );
}

export async function supplierStep(w: ChaosWorld, a: SupplierAction) {
  switch (a.kind) {
    case "sellOut": {
      const units = a.restock ? baseStock(a.supplier, a.sku) : 0;
      w.sandboxes[a.supplier]!.control.publishChanges({ stock: { [a.sku]: units } });
      return;
    }
    case "supplierSwitch":
      // What the owner's switch does (lib/admin/suppliers): the row, then the stock shown.
      await ensureSupplierRows();
      await db.supplier.update({ where: { name: a.supplier }, data: { enabled: a.enabled } });
      await applyOfferStock();
      return;
    case "syncOffers":
      return w.run(() => syncAllOffers(w.now()), "syncOffers");
    case "raceNextPurchase":
      armedRace = a.race;
      return;
  }
}

/** The armed race, at the supplier of the paid order's first line (as routed now), before it is bought. */
export async function raceBeforePurchase(w: ChaosWorld, orderId: string) {
  const race = armedRace;
  armedRace = null;
  if (!race) return;
  const line = await db.orderLine.findFirst({ where: { orderId, status: "paid" }, orderBy: { id: "asc" } });
  if (!line) return;
  bump(chaosStats.routing, `race ${race} at ${line.supplier}`);
  const c = w.sandboxes[line.supplier]!.control;
  if (race === "soldOut") c.publishChanges({ stock: { [line.supplierItemCode ?? line.itemCode]: 0 } });
  if (race === "walletShort") c.setBalance("0.50");
  if (race === "rateLimited") c.setFaults({ rateLimitNext: 1 });
}

/**
 * Every supplier's state as a run starts: b's prices and both stocks as above, every supplier
 * enabled, each wallet read again (ending a 402 pause the last run left) and the offers synced.
 * Returns each sandbox's newest order id, so the run's orders are those above it.
 */
export async function startSupplierRun(w: ChaosWorld): Promise<Record<string, number>> {
  armedRace = null;
  await readBalances(w);
  await ensureSupplierRows();
  await db.supplier.updateMany({ data: { enabled: true } });
  for (const s of w.suppliers) {
    const stock = Object.fromEntries(chaosSkus.map((sku) => [sku, baseStock(s, sku)]));
    w.sandboxes[s]!.control.publishChanges({ stock, ...(s === "b" ? { priceChanges: bPrices } : {}) });
  }
  await syncAllOffers(w.now());
  return Object.fromEntries(
    w.suppliers.map((s) => [s, Math.max(0, ...w.sandboxes[s]!.control.listOrders().map((o) => o.order_id))]),
  );
}

/** One sandbox's faults off and its wallet full again. */
export function calmSandbox(control: ChaosWorld["control"]) {
  control.setFaults({
    responseDelayMs: 0,
    responseDelayNextPurchases: 0,
    dropNextPurchases: 0,
    failNextRequests: 0,
    rateLimitNext: 0,
    shortCodesNext: 0,
    outOfStockOnReplayNext: 0,
  });
  control.setBalance("100000.00");
}

/** Faults off and money back at every supplier, every supplier enabled: the settle can finish. */
export async function calmSuppliers(w: ChaosWorld) {
  for (const s of w.suppliers) calmSandbox(w.sandboxes[s]!.control);
  await readBalances(w);
}

/**
 * Each supplier's balance read, as the wallet monitor would (a read that covers the need ends a
 * 402 pause). A read the supplier refuses (its rate limit) is left for the next one, as the monitor's.
 */
async function readBalances(w: ChaosWorld) {
  for (const s of w.suppliers) {
    const read = await getUpstream(s)
      .balance()
      .catch(() => null);
    if (read) await recordBalanceRead(read, w.now(), new Prisma.Decimal(0), s);
    else bump(chaosStats.routing, `balance read refused at ${s}`);
  }
}

type RunLine = {
  id: string;
  status: string;
  supplier: string;
  idempotencyKey: string | null;
  upstreamOrderId: number | null;
  deliveredQuantity: number | null;
  quantity: number;
};

/**
 * The invariants a second supplier adds, read from both sandboxes' stores:
 * - one live upstream order per line across all suppliers, and every live order a line's, at its supplier;
 * - every PurchaseAttempt of a line but its current one is closed (failed_over), and none that
 *   was failed over made an order (no unknown outcome was failed over);
 * - each supplier's orders are the shop's recorded spends for that supplier, amount for amount;
 * - a line's state is its own supplier's order's (a webhook from one never moved another's line).
 */
export async function assertSupplierInvariants(w: ChaosWorld, runOrders: string[], before: Record<string, number>) {
  const lines: RunLine[] = await db.orderLine.findMany({ where: { orderId: { in: runOrders } } });
  const attempts = await db.purchaseAttempt.findMany({ where: { lineId: { in: lines.map((l) => l.id) } } });
  const orders = w.suppliers.flatMap((s) =>
    w.sandboxes[s]!.control.listOrders()
      .filter((o) => o.order_id > before[s]!)
      .map((o) => ({ ...o, supplier: s })),
  );
  const live = orders.filter((o) => o.status !== "failed");
  const keysOf = (l: RunLine) =>
    new Set([l.idempotencyKey, ...attempts.filter((a) => a.lineId === l.id).map((a) => a.idempotencyKey)]);
  const problems: unknown[] = [];
  for (const l of lines) {
    const keys = keysOf(l);
    const mine = live.filter((o) => keys.has(o.idempotency_key));
    if (mine.length > 1) problems.push({ twoLiveOrders: l.id, orders: mine });
    const open = attempts.filter((a) => a.lineId === l.id && a.outcome !== "failed_over");
    if (
      open.length > 1 ||
      (open[0] && (open[0].supplier !== l.supplier || open[0].idempotencyKey !== l.idempotencyKey))
    )
      problems.push({ attemptsNotClosed: l.id, supplier: l.supplier, open });
    const own = l.upstreamOrderId === null ? undefined : ordersAt(orders, l.supplier, l.upstreamOrderId);
    if (l.upstreamOrderId !== null && (!own || !keys.has(own.idempotency_key)))
      problems.push({
        notItsSuppliersOrder: l.id,
        supplier: l.supplier,
        upstreamOrderId: l.upstreamOrderId,
        keys: [...keys],
        withThatId: w.suppliers.map((s) => [
          s,
          ...w.sandboxes[s]!.control.listOrders().filter((o) => o.order_id === l.upstreamOrderId),
        ]),
        withItsKeys: w.suppliers.map((s) => [
          s,
          ...w.sandboxes[s]!.control.listOrders().filter((o) => keys.has(o.idempotency_key)),
        ]),
        events: (await db.orderEvent.findMany({ where: { lineId: l.id }, orderBy: { createdAt: "asc" } })).map(
          (e) => `${e.fromStatus}->${e.toStatus} ${e.cause}: ${e.message}`,
        ),
        calls: (await db.upstreamCall.findMany({ where: { lineId: l.id }, orderBy: { createdAt: "asc" } })).map(
          (c) => `${c.endpoint} ${c.httpStatus} ${c.outcome} ${c.upstreamOrderId}`,
        ),
      });
    if (l.status === "delivered" && own?.status !== "completed")
      problems.push({ deliveredWithoutCompletedOrder: l.id, supplier: l.supplier, own });
  }
  for (const a of attempts.filter((a) => a.outcome === "failed_over")) {
    const made = live.filter((o) => o.supplier === a.supplier && o.idempotency_key === a.idempotencyKey);
    if (made.length) problems.push({ failedOverWithAnOrder: a, made });
  }
  for (const o of live) {
    const line = lines.find((l) => keysOf(l).has(o.idempotency_key));
    if (!line || line.supplier !== o.supplier || line.upstreamOrderId !== o.order_id)
      problems.push({
        orphanOrder: o,
        line: line && { id: line.id, supplier: line.supplier, up: line.upstreamOrderId },
      });
  }
  problems.push(...(await spendsDiffer(w, orders, before)));
  for (const l of lines) if (l.upstreamOrderId !== null) bump(chaosStats.routing, `bought at ${l.supplier}`);
  for (const a of attempts)
    if (a.outcome === "failed_over") bump(chaosStats.routing, `failed over from ${a.supplier} (${a.reason})`);
  expect(problems, JSON.stringify(problems, null, 1)).toEqual([]);
}

const ordersAt = (orders: (SandboxOrderRecord & { supplier: string })[], supplier: string, id: number) =>
  orders.find((o) => o.supplier === supplier && o.order_id === id);

/** Each supplier's wallet debits (its orders; a failed order is given back) against the shop's spends for it. */
async function spendsDiffer(
  w: ChaosWorld,
  orders: (SandboxOrderRecord & { supplier: string })[],
  before: Record<string, number>,
): Promise<unknown[]> {
  const problems: unknown[] = [];
  for (const s of w.suppliers) {
    const spends = await db.upstreamSpend.findMany({ where: { supplier: s, upstreamOrderId: { gt: before[s]! } } });
    const debits = orders.filter((o) => o.supplier === s);
    for (const o of debits) {
      const spend = spends.find((x) => x.upstreamOrderId === o.order_id);
      const givenBack = spend?.status === "restoring" || spend?.status === "restored";
      if (!spend || !spend.amount.equals(o.amount) || givenBack !== (o.status === "failed"))
        problems.push({ walletDebitNotRecorded: { supplier: s, order: o, spend } });
    }
    for (const x of spends)
      if (!debits.some((o) => o.order_id === x.upstreamOrderId)) problems.push({ spendWithoutDebit: x });
  }
  return problems;
}
