// SQL literals for the bulk catalog writes. Standard SQL quoting ('' doubles a quote; no
// backslash escapes), valid in SQLite and in PostgreSQL with standard_conforming_strings on
// (its default). DateTime text matches what Prisma's SQLite adapter stores, so text
// comparisons between rows written here and rows written by Prisma stay correct; this is
// the one function to swap for another database.
import { Prisma } from "@prisma/client";

/** One value as a SQL literal; throws on anything it cannot represent exactly. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (value === true) return "TRUE";
  if (value === false) return "FALSE";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("sqlLiteral: non-finite number");
    return String(value);
  }
  if (Prisma.Decimal.isDecimal(value)) {
    const text = new Prisma.Decimal(value).toFixed();
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error("sqlLiteral: bad decimal");
    return text;
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error("sqlLiteral: invalid date");
    return `'${value.toISOString().replace("Z", "+00:00")}'`;
  }
  if (typeof value === "string") return `'${value.replace(/\u0000/g, "").replace(/'/g, "''")}'`;
  throw new Error(`sqlLiteral: unsupported ${typeof value}`);
}
