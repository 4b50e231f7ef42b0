// The live price and stock of a cart (POST /orders/check per line): the authoritative unit
// cost, re-priced with the markup rules, checked against the minimum margin (docs/money-rules.md#m5).
import "server-only";
import { Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";
import { currencyFacts } from "@/lib/markets/currencies";
import { describeStock, outOfStockProblem } from "@/lib/catalog/stock-wording";
import { checkSaleMargin, computeUnitPrice, selectRule } from "@/lib/pricing/markup";
import { loadPricingRules } from "@/lib/pricing/rules";
import * as E from "@/lib/upstream/errors";
import type { Product } from "@prisma/client";
import type { CartItem } from "../cart/checkout-schema";
import { checkLine } from "./line-check";
import { quantityBounds, quantityProblem } from "../cart/quantity";
import { catalogFreshness, marginUnitCost, offerFreshness } from "./catalog-price";
import { checksYieldAt } from "../routing/supplier-states";
import { costWithRecentCharges } from "../core/charged-cost";
import { getQuoteWindowMs } from "../core/money-settings";
import { findSellableProducts } from "./sellable";
import { chooseQuoteOffer } from "../routing/quote-offer";
import { MAIN_SUPPLIER } from "@/lib/upstream/suppliers";
import { signQuoteProof, type ProvenCheck } from "./quote-proof";
import { parseRequiredFields, type RequiredFieldSpec } from "./topup-fields";

export type QuoteLine = {
  itemCode: string;
  productName: string;
  productType: string;
  brand: string;
  quantity: number;
  minQuantity: number;
  maxQuantity: number;
  availableQuantity: number | null;
  /** The supplier's cost per unit, in the wallet currency (whatever the currency charged). */
  unitCost: Prisma.Decimal;
  unitPrice: Prisma.Decimal;
  /** In a market's quote: the sale price per unit in the wallet currency (market-quote.ts). */
  walletUnitPrice?: Prisma.Decimal;
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
  /** When the upstream last said this line's stock and price (null: not checked). */
  checkedAt: Date | null;
  /** false: priced from the fresh catalog because shoppers' checks had spent their budget share (catalog-price.ts). */
  liveChecked: boolean;
  /** The offer checked and priced (docs/suppliers.md#routing): its supplier, and its item code there when not the product's. */
  supplier: string;
  supplierItemCode: string | null;
};

/** A quote priced in a market (market-quote.ts): the rate of the sale and the wallet-currency figures. */
export type QuoteSale = {
  market: string;
  /** Units of the quote's currency per wallet-currency unit, buffer included. */
  rate: Prisma.Decimal;
  walletCurrency: string;
  walletTotal: Prisma.Decimal;
  walletDiscount: Prisma.Decimal;
  /** Priced exactly as in the wallet currency (the default market): the order records no second currency. */
  neutral: boolean;
};

/** The promo code a quote was discounted with (lib/orders/quote/promo-quote.ts). */
export type AppliedPromo = { promoId: string; code: string; description: string; discount: Prisma.Decimal };

export type Quote = {
  lines: QuoteLine[];
  total: Prisma.Decimal;
  currency: string;
  problems: string[];
  promo: AppliedPromo | null;
  /** A signed proof of the checks, for checkout to reuse (quote-proof.ts); null when a line has a problem. */
  proof: string | null;
  /** Set once priced in a market (market-quote.ts); absent: a wallet-currency quote. */
  sale?: QuoteSale;
};

/**
 * Checks every line live; lines with a problem keep it in `problem` and block payment. Each
 * check waits at most checkoutUpstreamWaitMs (or until `signal`) for the shared budget and answer.
 * `reuseChecksMs`: a check of the same SKU and quantity that recent answers instead (check-cache.ts).
 * `proven`: what a fresh quote proof says, used instead of asking again (quote-proof.ts).
 */
export async function quoteItems(
  items: CartItem[],
  opts: {
    signal?: AbortSignal;
    reuseChecksMs?: number;
    products?: Map<string, Product>;
    proven?: Map<string, ProvenCheck> | null;
    now?: Date;
  } = {},
): Promise<Quote> {
  const now = opts.now ?? new Date();
  const rules = await loadPricingRules();
  const products = opts.products ?? (await findSellableProducts(items.map((i) => i.itemCode)));
  // A proof older than the owner's quote window is asked again, before payment (docs/money-rules.md#m5).
  const windowMs = opts.proven ? await getQuoteWindowMs() : 0;
  const isFresh = catalogFreshness(now);
  const lines: QuoteLine[] = [];
  for (const item of items) {
    const p = products.get(item.itemCode);
    if (!p) throw new QuoteError(`${item.itemCode} is not available.`);
    const rule = selectRule(rules, { itemCode: p.itemCode, productType: p.productType, brand: p.brandName });
    const line: QuoteLine = {
      itemCode: p.itemCode,
      productName: p.productName,
      productType: p.productType,
      brand: p.brandName,
      quantity: item.quantity,
      minQuantity: quantityBounds(p).min,
      maxQuantity: quantityBounds(p).max,
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
      checkedAt: null,
      liveChecked: false,
      supplier: MAIN_SUPPLIER,
      supplierItemCode: null,
    };
    lines.push(line);
    line.problem = quantityProblem(item.quantity, quantityBounds(p), p.productName);
    if (line.problem) continue;
    try {
      const proof = opts.proven?.get(p.itemCode);
      const proven = proof && now.getTime() - proof.checkedAt.getTime() < windowMs ? proof : undefined;
      // The offer to check and price: routing's choice, or the one the proof names while it can be bought.
      const offer = await chooseQuoteOffer(p.itemCode, item.quantity, now, proof);
      line.supplier = offer?.supplier ?? MAIN_SUPPLIER;
      line.supplierItemCode = offer && offer.itemCode !== p.itemCode ? offer.itemCode : null;
      // What the catalog last saw this offer cost (main's row, or another supplier's offer), or what
      // a recent purchase of it was charged when more: a rise no sync has seen yet. Read once, and
      // only when a proof is weighed against it or the line is priced from it.
      const atMain = !offer || offer.supplier === MAIN_SUPPLIER;
      const stored = atMain ? p.chargedPrice : offer.unitCost;
      let seenCost: Promise<Prisma.Decimal> | undefined;
      const cost = () =>
        (seenCost ??= costWithRecentCharges(
          { supplier: line.supplier, productCode: p.itemCode, supplierItemCode: line.supplierItemCode },
          stored,
          now,
        ));
      const sameOffer =
        proven &&
        proven.supplier === line.supplier &&
        proven.supplierItemCode === (line.supplierItemCode ?? p.itemCode);
      const check = await checkLine(item, rule, {
        now,
        // The catalog has since seen a higher cost than the proof's: the price rose, ask again.
        proven: sameOffer && !(await cost()).gt(proven.unitCost) ? proven : undefined,
        signal: opts.signal,
        reuseChecksMs: opts.reuseChecksMs,
        // Another supplier's stored cost is as new as its own last read, not main's sync.
        catalog: {
          product: { inStock: atMain ? p.inStock : true },
          cost,
          isFresh: atMain ? isFresh : offerFreshness(line.supplier, now),
        },
        offer: { supplier: line.supplier, itemCode: line.supplierItemCode ?? p.itemCode },
        // A routed line's supplier state was read with its offer; a line no offer routes asks now.
        checksYield: offer ? async () => offer.checksYield : () => checksYieldAt(line.supplier, now),
      });
      line.availableQuantity = check.availableQuantity;
      line.unitCost = check.unitCost;
      line.checkedAt = check.checkedAt;
      line.liveChecked = check.liveChecked;
      line.unitPrice = computeUnitPrice(line.unitCost, rule);
      line.lineTotal = line.unitPrice.times(item.quantity);
      if (!check.available) line.problem = outOfStockProblem(p.productName, item.quantity);
      const margin = checkSaleMargin({
        // A catalog price is sold only while the stored cost plus a buffer leaves the margin.
        unitCost: marginUnitCost(line),
        unitPrice: line.unitPrice,
        quantity: item.quantity,
        rule,
      });
      if (!margin.ok)
        line.problem = check.liveChecked
          ? `${p.productName} cannot be sold at this price right now.`
          : checkProblem(null, p.productName, item.quantity);
    } catch (err) {
      line.problem = checkProblem(err, p.productName, item.quantity);
    }
  }
  const problems = lines.flatMap((l) => (l.problem ? [l.problem] : []));
  const total = lines.reduce((sum, l) => sum.plus(l.lineTotal), new Prisma.Decimal(0));
  const proof = signQuoteProof(lines, env.SHOP_CURRENCY);
  return { lines, total, currency: env.SHOP_CURRENCY, problems, promo: null, proof };
}

function checkProblem(err: unknown, name: string, quantity: number): string {
  if (err instanceof E.OutOfStockError) return outOfStockProblem(name, quantity);
  if (err instanceof E.InvalidQuantityError) return `This quantity is not available for ${name}.`;
  if (err instanceof E.NotFoundError) return `${name} is no longer available.`;
  return `We could not check ${name} right now. Please try again in a moment.`;
}

/** A cart that cannot be quoted (a product the shop no longer sells); its message is for the shopper. */
export class QuoteError extends AppError {
  constructor(message: string) {
    super("validation_failed", { userMessage: message });
    this.name = "QuoteError";
  }
}

/** A quote as plain JSON for the browser (decimals as strings). */
export function toQuoteView(q: Quote) {
  // Amounts in the currency's charge unit: 10.45 USD, Rp 150000, 1.230 KWD (docs/markets.md#minor-units).
  const decimals = currencyFacts(q.currency).chargeDecimals;
  const money = (d: Prisma.Decimal) => d.toFixed(decimals);
  return {
    currency: q.currency,
    /** The market the quote is priced in (its slug); null for a quote not priced in one. */
    market: q.sale?.market ?? null,
    total: money(q.total),
    /** Before the promo discount; equals total without a code. */
    subtotal: money(q.total.plus(q.promo?.discount ?? 0)),
    promo: q.promo ? { code: q.promo.code, description: q.promo.description, discount: money(q.promo.discount) } : null,
    problems: q.problems,
    /** Send it back with the checkout (`quoteProof`): a checkout soon after need not check again. */
    proof: q.proof,
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
      unitPrice: money(l.unitPrice),
      unitDiscount: money(l.unitDiscount),
      /** The unit price before the promo code. */
      priceBeforeCode: money(l.unitPrice.plus(l.unitDiscount)),
      listedUnitPrice: money(l.listedUnitPrice),
      // The supplier's price moved (a promo discount is not a price change).
      priceChanged: !l.unitPrice.plus(l.unitDiscount).equals(l.listedUnitPrice),
      /** false: the catalog's price, not checked live with the supplier (it re-validates at purchase). */
      liveChecked: l.liveChecked,
      lineTotal: money(l.lineTotal),
      currency: l.currency,
      requiredFields: l.requiredFields,
      problem: l.problem,
    })),
  };
}
export type QuoteView = ReturnType<typeof toQuoteView>;
