import { describe, expect, it } from "vitest";
import { canMoveLine, canMoveOrder, lineStatuses, settledOrderStatus } from "./states";

describe("line state machine", () => {
  it("allows the happy path paid → purchasing → pending_upstream → delivered", () => {
    expect(canMoveLine("awaiting_payment", "paid")).toBe(true);
    expect(canMoveLine("paid", "purchasing")).toBe(true);
    expect(canMoveLine("purchasing", "pending_upstream")).toBe(true);
    expect(canMoveLine("pending_upstream", "delivered")).toBe(true);
  });
  it("never purchases before payment (M1) and never leaves a terminal state", () => {
    expect(canMoveLine("awaiting_payment", "purchasing")).toBe(false);
    for (const to of lineStatuses) {
      expect(canMoveLine("delivered", to)).toBe(false);
      expect(canMoveLine("refunded", to)).toBe(false);
    }
  });
  it("refunds only a failed line, never a delivered or pending one", () => {
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
