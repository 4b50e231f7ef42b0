// An owner's answer to a held rate (docs/markets.md#rates): confirm makes it the currency's
// active rate (the old one superseded), reject sets it aside and the old rate stays. Each is
// one conditional move from `held`, so two owners clicking at once decide it once.
import "server-only";
import { db } from "@/lib/db";
import type { StaffUser } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors";

export type HeldDecision = "confirm" | "reject";
export type DecidedRate = { id: string; currency: string; rate: string; previousRate: string | null; feedDate: string };

/** Confirms or rejects a held rate; throws not_found when it is no longer held. */
export async function decideHeldRate(
  id: string,
  decision: HeldDecision,
  actor: StaffUser,
  now: Date,
): Promise<DecidedRate> {
  return db.$transaction(async (tx) => {
    const held = await tx.referenceRate.findFirst({ where: { id, status: "held" } });
    if (!held)
      throw new AppError("not_found", {
        message: "rate not held",
        userMessage: "This rate no longer waits for a decision: a newer one arrived, or another owner decided it.",
      });
    const decided = { decidedById: actor.id, decidedByEmail: actor.email, decidedAt: now };
    const status = decision === "confirm" ? "active" : "rejected";
    const moved = await tx.referenceRate.updateMany({ where: { id, status: "held" }, data: { status, ...decided } });
    if (moved.count !== 1)
      throw new AppError("conflict", {
        message: "rate decided concurrently",
        userMessage: "Another owner decided it first.",
      });
    if (decision === "confirm")
      await tx.referenceRate.updateMany({
        where: { currency: held.currency, baseCurrency: held.baseCurrency, status: "active", NOT: { id } },
        data: { status: "superseded" },
      });
    return {
      id,
      currency: held.currency,
      rate: held.rate.toString(),
      previousRate: held.previousRate?.toString() ?? null,
      feedDate: held.feedDate.toISOString().slice(0, 10),
    };
  });
}
