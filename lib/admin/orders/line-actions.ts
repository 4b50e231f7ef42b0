// Which staff actions one order line offers, decided in one place: the order page shows exactly
// these buttons, and each server action refuses what these refuse (permissions are checked by
// the action itself as well; a button is never the only guard).
import { can, type StaffUser } from "@/lib/auth/roles";

export type LineFacts = {
  status: string;
  upstreamOrderId: number | null;
  codesEnc?: string | null;
  attentionReason?: string | null;
  nextCheckAt?: Date | null;
  unknownOutcomeAt?: Date | null;
};

/** Reading the supplier's order again can move the line: it has one and is not settled for good. */
export function isReconcilable(line: Pick<LineFacts, "status" | "upstreamOrderId">): boolean {
  return line.upstreamOrderId !== null && ["purchasing", "pending_upstream", "failed"].includes(line.status);
}

/** Staff refund a failed line, or take back a delivered one (a faulty card). */
export function isRefundable(line: Pick<LineFacts, "status">): boolean {
  return line.status === "failed" || line.status === "delivered";
}

/** Held for a staff decision (e.g. after a supplier price rise): not bought, not scheduled, no unknown purchase. */
export function isHeldForDecision(line: Pick<LineFacts, "status" | "nextCheckAt" | "unknownOutcomeAt">): boolean {
  return (
    (line.status === "paid" || line.status === "purchasing") &&
    line.nextCheckAt === null &&
    line.unknownOutcomeAt === null
  );
}

export type LineActions = {
  reconcile: boolean;
  refund: boolean;
  reveal: boolean;
  /** Present when the line asks for staff: what this user may decide. */
  attention: { held: boolean; canBuy: boolean; canRefund: boolean } | null;
};

/** The actions `user` may take on `line` right now. */
export function lineActionsFor(user: Pick<StaffUser, "role">, line: LineFacts): LineActions {
  return {
    reconcile: can(user, "orders.reconcile") && isReconcilable(line),
    refund: can(user, "orders.refund") && isRefundable(line),
    reveal: can(user, "codes.reveal") && line.status === "delivered" && !!line.codesEnc,
    attention: line.attentionReason
      ? {
          held: isHeldForDecision({
            status: line.status,
            nextCheckAt: line.nextCheckAt ?? null,
            unknownOutcomeAt: line.unknownOutcomeAt ?? null,
          }),
          canBuy: can(user, "orders.reconcile"),
          canRefund: can(user, "orders.refund"),
        }
      : null,
  };
}
