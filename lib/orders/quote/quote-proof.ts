// A quote's live checks as a signed proof (proof-token.ts): a checkout placed within
// proofFreshMs of its quote, for exactly the quoted lines, reuses what POST /orders/check said
// instead of asking again — on any instance, since the proof travels with the shopper. The
// minimum margin is still checked against the proven cost (docs/money-rules.md#m5).
import "server-only";
import { z } from "zod";
import { Prisma } from "@/lib/db";
import { MAIN_SUPPLIER } from "@/lib/upstream/suppliers";
import { openProof, signProof } from "./proof-token";

/** What a line's check said when it was quoted. */
export type ProvenCheck = {
  quantity: number;
  unitCost: Prisma.Decimal;
  /** The sale price the shopper was shown for that cost, before any promo code. */
  unitPrice: Prisma.Decimal;
  availableQuantity: number | null;
  checkedAt: Date;
  /** The offer it checked: its supplier and that supplier's item code (docs/suppliers.md#routing). */
  supplier: string;
  supplierItemCode: string;
};

type CheckedLine = {
  itemCode: string;
  quantity: number;
  unitCost: Prisma.Decimal;
  unitPrice: Prisma.Decimal;
  availableQuantity: number | null;
  checkedAt: Date | null;
  problem: string | null;
  supplier: string;
  supplierItemCode: string | null;
};

const amount = z.string().regex(/^\d{1,12}(\.\d{1,12})?$/);
const payloadSchema = z.object({
  at: z.number().int(),
  cur: z.string(),
  lines: z
    .array(
      z.union([
        z.tuple([z.string().max(64), z.number().int().min(1), amount, amount, z.number().int().nullable()]),
        // A line checked at another supplier's offer names it: supplier, its item code there.
        z.tuple([
          z.string().max(64),
          z.number().int().min(1),
          amount,
          amount,
          z.number().int().nullable(),
          z.string().max(16),
          z.string().max(64),
        ]),
      ]),
    )
    .min(1)
    .max(20),
});

/** Signs a quote whose every line was checked and can be sold; null otherwise (nothing to reuse). */
export function signQuoteProof(lines: CheckedLine[], currency: string): string | null {
  if (lines.length === 0 || lines.some((l) => l.problem !== null || l.checkedAt === null)) return null;
  return signProof("quote", {
    // The oldest check is the quote's age.
    at: Math.min(...lines.map((l) => l.checkedAt!.getTime())),
    cur: currency,
    lines: lines.map((l) => {
      const line = [l.itemCode, l.quantity, l.unitCost.toFixed(), l.unitPrice.toFixed(), l.availableQuantity];
      // Main's own row keeps the short form: a shop with one supplier signs what it always did.
      if (l.supplier === MAIN_SUPPLIER && l.supplierItemCode === null) return line;
      return [...line, l.supplier, l.supplierItemCode ?? l.itemCode];
    }),
  });
}

/**
 * The proven checks by item code when `token` is a genuine, fresh quote proof for exactly
 * these items (same codes, same quantities, same currency); null for anything else.
 */
export function readQuoteProof(
  token: string | null | undefined,
  items: { itemCode: string; quantity: number }[],
  currency: string,
  now: Date,
): Map<string, ProvenCheck> | null {
  const parsed = payloadSchema.safeParse(openProof("quote", token, now));
  if (!parsed.success || parsed.data.cur !== currency) return null;
  const checkedAt = new Date(parsed.data.at);
  const proven = new Map<string, ProvenCheck>();
  for (const [itemCode, quantity, unitCost, unitPrice, availableQuantity, supplier, supplierItemCode] of parsed.data
    .lines) {
    const check = {
      quantity,
      availableQuantity,
      checkedAt,
      supplier: supplier ?? MAIN_SUPPLIER,
      supplierItemCode: supplierItemCode ?? itemCode,
    };
    proven.set(itemCode, {
      ...check,
      unitCost: new Prisma.Decimal(unitCost),
      unitPrice: new Prisma.Decimal(unitPrice),
    });
  }
  // One line per item on both sides: [A, A] is not the cart [A, B] was quoted for.
  const codes = new Set(items.map((i) => i.itemCode));
  if (proven.size !== parsed.data.lines.length || codes.size !== items.length || proven.size !== codes.size)
    return null;
  const same = items.every((i) => proven.get(i.itemCode)?.quantity === i.quantity);
  return same ? proven : null;
}
