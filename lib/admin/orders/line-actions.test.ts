import { describe, expect, it } from "vitest";
import { lineActionsFor } from "./line-actions";

const owner = { role: "owner" as const };
const support = { role: "support" as const };
const base = {
  upstreamOrderId: 7,
  codesEnc: null,
  attentionReason: null,
  nextCheckAt: new Date(),
  unknownOutcomeAt: null,
};

describe("the actions a staff member may take on a line", () => {
  it("offers reconcile only for a line with a supplier order that is not settled for good", () => {
    for (const status of ["purchasing", "pending_upstream", "failed"])
      expect(lineActionsFor(owner, { ...base, status }).reconcile).toBe(true);
    for (const status of ["paid", "delivered", "refunded"])
      expect(lineActionsFor(owner, { ...base, status }).reconcile).toBe(false);
    expect(lineActionsFor(owner, { ...base, status: "purchasing", upstreamOrderId: null }).reconcile).toBe(false);
  });

  it("offers refund for failed and delivered lines, reveal for delivered lines with codes", () => {
    expect(lineActionsFor(owner, { ...base, status: "failed" })).toMatchObject({ refund: true, reveal: false });
    expect(lineActionsFor(owner, { ...base, status: "delivered", codesEnc: "x" })).toMatchObject({
      refund: true,
      reveal: true,
    });
    expect(lineActionsFor(owner, { ...base, status: "pending_upstream" })).toMatchObject({
      refund: false,
      reveal: false,
    });
  });

  it("offers nothing a role may not do", () => {
    expect(lineActionsFor(support, { ...base, status: "delivered", codesEnc: "x", attentionReason: "x" })).toEqual({
      reconcile: false,
      refund: false,
      reveal: false,
      attention: { held: false, canBuy: false, canRefund: false },
    });
  });

  it("says a line held for a decision is held: paid, nothing scheduled, no unknown purchase", () => {
    const held = { ...base, status: "paid", attentionReason: "price rose", nextCheckAt: null };
    expect(lineActionsFor(owner, held).attention).toEqual({ held: true, canBuy: true, canRefund: true });
    expect(lineActionsFor(owner, { ...held, unknownOutcomeAt: new Date() }).attention?.held).toBe(false);
    expect(lineActionsFor(owner, { ...held, nextCheckAt: new Date() }).attention?.held).toBe(false);
  });
});
