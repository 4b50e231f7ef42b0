// The live price and stock of a cart (POST /orders/check per line): the authoritative unit
// cost, re-priced with the markup rules, checked against the minimum margin (M5).
import "server-only";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { describeStock, outOfStockProblem } from "@/lib/catalog/stock-wording";
import { checkSaleMargin, computeUnitPrice, selectRule } from "@/lib/pricing/markup";
import { loadPricingRules } from "@/lib/pricing/rules";
import * as E from "@/lib/upstream/errors";
import { checkWithReuse } from "./check-cache";
import type { CartItem } from "./checkout-schema";
import { parseRequiredFields, type RequiredFieldSpec } from "./topup-fields";
import { checkoutUpstreamWaitMs, ordersUpstream } from "./upstream-port";

export type QuoteLine = {
  itemCode: string;
  productName: string;
  productType: string;
  brand: string;
  quantity: number;
  minQuantity: number;
  maxQuantity: number;
  availableQuantity: number | null;
  unitCost: Prisma.Decimal;
  unitPrice: Prisma.Decimal;
  /** The price the shop showed before the live check. */
  listedUnitPrice: Prisma.Decimal;
  lineTotal: Prisma.Decimal;
  /** A promo code's discount per unit, already taken off unitPrice (promo-quote.ts); zero without one. */
  unitDiscount: Prisma.Decimal;
  currency: string;
  requiredFields: RequiredFieldSpec[];
  redemptionUrl: string | null;
  redemptionInstructions: string;
  problem: string | null;
};

/** The promo code a quote was discounted with (lib/orders/promo-quote.ts). */
export type AppliedPromo = { promoId: string; code: string; description: string; discount: Prisma.Decimal };

export type Quote = {
  lines: QuoteLine[];
  total: Prisma.Decimal;
  currency: string;
  problems: string[];
  promo: AppliedPromo | null;
};

/** A product the shop sells: listed and not hidden; test SKUs only with the sandbox on. */
export async function findSellableProduct(itemCode: string) {
  const p = await db.product.findUnique({ where: { itemCode } });
  if (!p) return null;
  if (p.productType === "test") return env.TEST_PRODUCTS_ENABLED ? p : null;
  return p.listed && !p.hidden ? p : null;
}

/**
 * Checks every line live; lines with a problem keep it in `problem` and block payment. Each
 * check waits at most checkoutUpstreamWaitMs (or until `signal`) for the shared budget and answer.
 * `reuseChecksMs`: a check of the same SKU and quantity that recent answers instead (check-cache.ts).
 */
export async function quoteItems(
  items: CartItem[],
  opts: { signal?: AbortSignal; reuseChecksMs?: number } = {},
): Promise<Quote> {
  const rules = await loadPricingRules();
  const lines: QuoteLine[] = [];
  for (const item of items) {
    const p = await findSellableProduct(item.itemCode);
    if (!p) throw new QuoteError(`${item.itemCode} is not available.`);
    const rule = selectRule(rules, { itemCode: p.itemCode, productType: p.productType, brand: p.brandName });
    const line: QuoteLine = {
      itemCode: p.itemCode,
      productName: p.productName,
      productType: p.productType,
      brand: p.brandName,
      quantity: item.quantity,
      minQuantity: Math.max(1, p.minQuantity),
      maxQuantity: Math.min(100, p.maxQuantity),
      availableQuantity: null,
      unitCost: p.chargedPrice,
      unitPrice: p.shopPrice,
      listedUnitPrice: p.shopPrice,
      lineTotal: p.shopPrice.times(item.quantity),
      unitDiscount: new Prisma.Decimal(0),
      // Upstream costs, and so every shop price, are in the wallet's currency; a product's own
      // `currency` is its face value's (a €5 card is sold for dollars).
      currency: env.SHOP_CURRENCY,
      requiredFields: parseRequiredFields(p.requiredFields),
      redemptionUrl: p.redemptionUrl,
      redemptionInstructions: p.redemptionInstructions,
      problem: null,
    };
    lines.push(line);
    if (item.quantity < line.minQuantity || item.quantity > line.maxQuantity) {
      line.problem = `Choose between ${line.minQuantity} and ${line.maxQuantity} of ${p.productName}.`;
      continue;
    }
    try {
      const signal = opts.signal ?? AbortSignal.timeout(checkoutUpstreamWaitMs);
      const run = () => ordersUpstream().check({ itemCode: p.itemCode, quantity: item.quantity }, { signal });
      const check = opts.reuseChecksMs
        ? await checkWithReuse(p.itemCode, item.quantity, run, { maxAgeMs: opts.reuseChecksMs })
        : await run();
      line.availableQuantity = check.availableQuantity;
      line.unitCost = new Prisma.Decimal(check.price);
      line.unitPrice = computeUnitPrice(line.unitCost, rule);
      line.lineTotal = line.unitPrice.times(item.quantity);
      if (!check.available) line.problem = outOfStockProblem(p.productName, item.quantity);
      const margin = checkSaleMargin({
        unitCost: line.unitCost,
        unitPrice: line.unitPrice,
        quantity: item.quantity,
        rule,
      });
      if (!margin.ok) line.problem = `${p.productName} cannot be sold at this price right now.`;
    } catch (err) {
      line.problem = checkProblem(err, p.productName, item.quantity);
    }
  }
  const problems = lines.flatMap((l) => (l.problem ? [l.problem] : []));
  const total = lines.reduce((sum, l) => sum.plus(l.lineTotal), new Prisma.Decimal(0));
  return { lines, total, currency: env.SHOP_CURRENCY, problems, promo: null };
}

function checkProblem(err: unknown, name: string, quantity: number): string {
  if (err instanceof E.OutOfStockError) return outOfStockProblem(name, quantity);
  if (err instanceof E.InvalidQuantityError) return `This quantity is not available for ${name}.`;
  if (err instanceof E.NotFoundError) return `${name} is no longer available.`;
  return `We could not check ${name} right now. Please try again in a moment.`;
}

export class QuoteError extends Error {}

/** A quote as plain JSON for the browser (decimals as strings). */
export function toQuoteView(q: Quote) {
  return {
    currency: q.currency,
    total: q.total.toFixed(2),
    /** Before the promo discount; equals total without a code. */
    subtotal: q.total.plus(q.promo?.discount ?? 0).toFixed(2),
    promo: q.promo
      ? { code: q.promo.code, description: q.promo.description, discount: q.promo.discount.toFixed(2) }
      : null,
    problems: q.problems,
    lines: q.lines.map((l) => ({
      itemCode: l.itemCode,
      productName: l.productName,
      productType: l.productType,
      quantity: l.quantity,
      minQuantity: l.minQuantity,
      maxQuantity: l.maxQuantity,
      // Words, never the supplier's numbers (lib/catalog/stock-wording.ts); unknown when the check failed.
      stock:
        l.availableQuantity === null && l.problem !== null
          ? null
          : describeStock({
              availableQuantity: l.availableQuantity,
              requested: l.quantity,
              available: l.availableQuantity === null || l.availableQuantity >= l.quantity,
            }),
      unitPrice: l.unitPrice.toFixed(2),
      unitDiscount: l.unitDiscount.toFixed(2),
      /** The unit price before the promo code. */
      priceBeforeCode: l.unitPrice.plus(l.unitDiscount).toFixed(2),
      listedUnitPrice: l.listedUnitPrice.toFixed(2),
      // The supplier's price moved (a promo discount is not a price change).
      priceChanged: !l.unitPrice.plus(l.unitDiscount).equals(l.listedUnitPrice),
      lineTotal: l.lineTotal.toFixed(2),
      currency: l.currency,
      requiredFields: l.requiredFields,
      problem: l.problem,
    })),
  };
}
export type QuoteView = ReturnType<typeof toQuoteView>;
