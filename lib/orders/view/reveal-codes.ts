// Codes leave the database only here: decrypted for the holder of the order's token, in the
// body of a POST, and every reveal is written to the timeline (docs/money-rules.md#m6).
import "server-only";
import type { StaffUser } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { decryptJson } from "@/lib/crypto/codes-cipher";
import type { StoredCode } from "../core/stored-code";
import { findOrderByToken } from "./order-view";
import { recordOrderEvent } from "../core/transition";
import { say } from "../core/timeline-words";

export type RevealedLine = {
  orderId: string;
  lineId: string;
  productName: string;
  redemptionUrl: string | null;
  redemptionInstructions: string | null;
  codes: StoredCode[];
};

/**
 * Returns the codes of the order's delivered lines (or of one line); null when no such order.
 * `by`: the signed-in staff member opening the link, whose reveal it then is (not the shopper's).
 */
export async function revealCodes(
  token: string,
  lineId?: string,
  now: Date = new Date(),
  by?: StaffUser,
): Promise<RevealedLine[] | null> {
  const order = await findOrderByToken(token);
  if (!order) return null;
  const lines = order.lines.filter((l) => l.status === "delivered" && l.codesEnc && (!lineId || l.id === lineId));
  if (lines.length === 0) return [];
  for (const l of lines) {
    const who = by
      ? {
          cause: "staff" as const,
          causeRef: by.id,
          ...say("revealedThroughLink", { product: l.productName, email: by.email, role: by.role }),
        }
      : { cause: "shopper" as const, ...say("revealed", { product: l.productName }) };
    await recordOrderEvent({ orderId: order.id, lineId: l.id, kind: "reveal", ...who, now });
  }
  await db.order.update({ where: { id: order.id }, data: { updatedAt: now } });
  return lines.map((l) => ({
    orderId: order.id,
    lineId: l.id,
    productName: l.productName,
    redemptionUrl: l.redemptionUrl,
    redemptionInstructions: l.redemptionInstructions,
    codes: decryptJson<StoredCode[]>(l.codesEnc!),
  }));
}
