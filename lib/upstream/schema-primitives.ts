// Building blocks of the output schemas: upstream numbers become decimal strings (for
// Prisma.Decimal), and nullable or omitted fields become null or a default.
import { z } from "zod";

/** Renders a finite number as a plain decimal string (no exponent) for Prisma.Decimal. */
export function toDecimalString(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n
    .toFixed(20)
    .replace(/(\.\d*?)0+$/, "$1")
    .replace(/\.$/, "");
}

export const decimal = z
  .union([
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, "decimal string"),
    z.number().finite(),
  ])
  .transform((v) => (typeof v === "number" ? toDecimalString(v) : v));
export const nullableDecimal = decimal.nullish().transform((v) => v ?? null);
export const nullableString = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
export const text = z
  .string()
  .nullish()
  .transform((v) => v ?? "");
export const int = z.coerce.number().int();
export const orderStatus = z.enum(["pending", "completed", "failed"]);

/** The pagination numbers shared by the catalog and the order list (spec 2.4). */
export const pageNumbers = { total: int, per_page: int, current_page: int, last_page: int };
