import { describe, expect, it } from "vitest";
import { canMoveLine, canMoveOrder, lineStatuses, orderStatuses, settledOrderStatus } from "./states";

describe("line state machine", () => {
  it("allows the happy path paid → purchasing → pending_upstream → delivered", () => {
    expect(canMoveLine("awaiting_payment", "paid")).toBe(true);
    expect(canMoveLine("paid", "purchasing")).toBe(true);
    expect(canMoveLine("purchasing", "pending_upstream")).toBe(true);
    expect(canMoveLine("pending_upstream", "delivered")).toBe(true);
  });
  // docs/money-rules.md#m1
  it("never purchases before payment and never leaves a terminal state", () => {
    expect(canMoveLine("awaiting_payment", "purchasing")).toBe(false);
    for (const to of lineStatuses) {
      expect(canMoveLine("delivered", to)).toBe(false);
      expect(canMoveLine("refunded", to)).toBe(false);
      expect(canMoveLine("refunded", to, "staff")).toBe(false);
      expect(canMoveLine("cancelled", to, "staff")).toBe(false);
    }
  });
  it("lets only staff take back a delivered line, and only into refunded", () => {
    expect(canMoveLine("delivered", "refunded", "staff")).toBe(true);
    for (const cause of ["poll", "webhook", "reconciler", "purchase", "shopper", "payment", undefined]) {
      expect(canMoveLine("delivered", "refunded", cause)).toBe(false);
    }
    for (const to of lineStatuses.filter((s) => s !== "refunded"))
      expect(canMoveLine("delivered", to, "staff")).toBe(false);
  });
  it("gives staff no move beyond the table except delivered → refunded", () => {
    for (const from of lineStatuses) {
      for (const to of lineStatuses) {
        const extra = canMoveLine(from, to, "staff") && !canMoveLine(from, to);
        expect(extra).toBe(from === "delivered" && to === "refunded");
      }
    }
  });
  it("reopens a settled order only for a staff refund", () => {
    expect(canMoveOrder("completed", "partially_refunded", "staff")).toBe(true);
    expect(canMoveOrder("completed", "refunded", "staff")).toBe(true);
    expect(canMoveOrder("partially_refunded", "refunded", "staff")).toBe(true);
    expect(canMoveOrder("completed", "partially_refunded", "reconciler")).toBe(false);
    for (const to of orderStatuses) {
      expect(canMoveOrder("refunded", to, "staff")).toBe(false);
      expect(canMoveOrder("cancelled", to, "staff")).toBe(false);
    }
  });
  it("refunds automatically only a failed line, never a delivered or pending one", () => {
    expect(canMoveLine("failed", "refunded")).toBe(true);
    expect(canMoveLine("pending_upstream", "refunded")).toBe(false);
    expect(canMoveLine("delivered", "refunded")).toBe(false);
  });
  it("moves an order only forward", () => {
    expect(canMoveOrder("awaiting_payment", "paid")).toBe(true);
    expect(canMoveOrder("completed", "refunded")).toBe(false);
  });
  it("settles an order from its lines", () => {
    expect(settledOrderStatus([{ status: "delivered" }, { status: "pending_upstream" }])).toBeNull();
    expect(settledOrderStatus([{ status: "delivered" }, { status: "refunded" }])).toBe("partially_refunded");
    expect(settledOrderStatus([{ status: "refunded" }])).toBe("refunded");
    expect(settledOrderStatus([{ status: "delivered" }])).toBe("completed");
  });
});

describe("payment and refund state machines", () => {
  it("lets a held payment be either released or refunded, never both, and never back from refunded", async () => {
    const { canMovePayment, paymentStatuses } = await import("./states");
    expect(canMovePayment("held", "succeeded")).toBe(true);
    expect(canMovePayment("held", "refunding")).toBe(true);
    expect(canMovePayment("succeeded", "held")).toBe(false);
    expect(canMovePayment("refunding", "succeeded")).toBe(false);
    for (const to of paymentStatuses) expect(canMovePayment("refunded", to)).toBe(false);
    // A payment the shop never heard back about is settled with the provider, either way.
    expect(["pending", "succeeded", "failed", "held"].every((to) => canMovePayment("initiated", to as never))).toBe(
      true,
    );
  });

  it("claims a refund only from pending, or from an expired call, and never leaves a settled refund", async () => {
    const { refundTransitions, refundStatuses } = await import("./states");
    expect(refundStatuses.filter((s) => refundTransitions[s].includes("calling"))).toEqual(["pending", "calling"]);
    expect(refundTransitions.succeeded).toEqual([]);
    expect(refundTransitions.failed).toEqual([]);
  });
});
