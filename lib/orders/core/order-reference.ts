// Short human order references ("GF-7K3P9Q") to quote to support, find an order again and search
// in the admin: unique, generated when the order is created, from an alphabet without look-alikes
// (no 0/O, 1/I/L, U), so a reference read over the phone is typed right.
import "server-only";
import { randomInt } from "node:crypto";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";

export const referenceAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const codeLength = 6;

/** A fresh reference: the shop's prefix and 6 random characters (30^6 ≈ 729 million). */
export function generateOrderReference(
  prefix: string = env.ORDER_REFERENCE_PREFIX,
  pick: (n: number) => number = randomInt,
): string {
  let code = "";
  for (let i = 0; i < codeLength; i++) code += referenceAlphabet[pick(referenceAlphabet.length)];
  return `${prefix}-${code}`;
}

/**
 * A reference as a shopper or staff member may type it ("gf 7k3p9q", "7K3P9Q", "GF-7K3P-9Q")
 * in its stored form, or null when it cannot be one.
 */
export function normaliseOrderReference(input: string, prefix: string = env.ORDER_REFERENCE_PREFIX): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, "");
  const code =
    compact.startsWith(prefix) && compact.length === prefix.length + codeLength
      ? compact.slice(prefix.length)
      : compact;
  if (code.length !== codeLength || ![...code].every((c) => referenceAlphabet.includes(c))) return null;
  return `${prefix}-${code}`;
}

const isReferenceClash = (err: unknown) =>
  err instanceof Prisma.PrismaClientKnownRequestError &&
  err.code === "P2002" &&
  JSON.stringify(err.meta ?? {}).includes("reference");

/**
 * Gives an order its reference (once: an order that has one keeps it). A clash with another
 * order's reference, vanishingly rare, draws again.
 */
export async function assignOrderReference(orderId: string): Promise<string | null> {
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      const reference = generateOrderReference();
      const { count } = await db.order.updateMany({ where: { id: orderId, reference: null }, data: { reference } });
      if (count === 1) return reference;
      return (await db.order.findUnique({ where: { id: orderId }, select: { reference: true } }))?.reference ?? null;
    } catch (err) {
      if (!isReferenceClash(err)) throw err;
    }
  }
  throw new Error("could not draw a unique order reference");
}

/** Gives every order created before references existed (or by a process that stopped) its reference. */
export async function backfillOrderReferences(): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db.order.findMany({ where: { reference: null }, select: { id: true }, take: 200 });
    if (rows.length === 0) return filled;
    for (const r of rows) if (await assignOrderReference(r.id)) filled++;
  }
}
