// Contract suite, part 2: POST /orders and GET /orders/{id} — every state transition of spec
// part 3, the five idempotency rules of 4.8 and the purchase rows of part 7.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  FailedReplayError,
  IdempotencyConflictError,
  InsufficientBalanceError,
  InvalidFieldsError,
  InvalidQuantityError,
  MissingFieldsError,
  NotFoundError,
  NotSupportedError,
  OutOfStockError,
  TerminalFailureError,
  UpstreamServerError,
} from "@/lib/upstream";
import { createHarness, errorOf } from "./sandbox-client";

const h = createHarness();
const client = h.client();
const ctl = h.sandbox.control;
afterAll(() => h.sandbox.close());
beforeEach(() => ctl.reset());

const buy = (itemCode: string, key: string, extra: { quantity?: number; fields?: Record<string, string> } = {}) =>
  client.purchase({ itemCode, quantity: extra.quantity ?? 1, fields: extra.fields }, { idempotencyKey: key });

describe("part 3: state transitions", () => {
  it("completes within the request: wallet debited and codes returned", async () => {
    const order = await buy("TEST-INSTANT", "t-1", { quantity: 2 });
    expect(order).toMatchObject({ status: "completed", amount: "2.00" });
    expect(order.codes).toHaveLength(2);
    expect(order.codes[0]).toMatchObject({ itemCode: "TEST-INSTANT", code: expect.any(String) });
    expect(ctl.getBalance()).toBe("4998.00");
  });

  it("returns pending as a success with the wallet already debited and no codes", async () => {
    const order = await buy("TEST-PENDING", "t-2");
    expect(order).toMatchObject({ status: "pending", codes: [] });
    expect(ctl.getBalance()).toBe("4999.00");
  });

  it("moves pending to completed, with codes readable via GET /orders/{id}", async () => {
    const { orderId } = await buy("TEST-PENDING", "t-3");
    expect((await client.getOrder(orderId)).status).toBe("pending");
    ctl.settleNow(orderId);
    const done = await client.getOrder(orderId);
    expect(done.status).toBe("completed");
    expect(done.codes).toHaveLength(1);
  });

  it("moves pending to failed and restores the wallet", async () => {
    const { orderId } = await buy("TEST-PENDING-FAIL", "t-4");
    expect(ctl.getBalance()).toBe("4999.00");
    ctl.settleNow(orderId);
    const failed = await client.getOrder(orderId);
    expect(failed).toMatchObject({ status: "failed", codes: [] });
    expect(ctl.getBalance()).toBe("5000.00");
  });

  it("settles a pending order only after the settle delay has passed", async () => {
    const { orderId } = await buy("TEST-PENDING", "t-5");
    ctl.settleDue();
    expect((await client.getOrder(orderId)).status).toBe("pending");
    ctl.advanceTime(8_000);
    ctl.settleDue();
    expect((await client.getOrder(orderId)).status).toBe("completed");
  });

  it("reports a terminal failure (400) with the order id, and the order reads back as failed", async () => {
    const err = await errorOf(buy("TEST-FAIL", "t-6"));
    expect(err).toBeInstanceOf(TerminalFailureError);
    const { orderId, orderNo } = err as TerminalFailureError;
    expect(orderId).toEqual(expect.any(Number));
    expect(orderNo).toMatch(/^ORD-/);
    expect((await client.getOrder(orderId!)).status).toBe("failed");
    expect(ctl.getBalance()).toBe("5000.00");
  });

  it("completes a direct top-up with delivery status and no codes", async () => {
    const order = await buy("TEST-TOPUP", "t-7", { fields: { player_id: "123456" } });
    expect(order).toMatchObject({
      status: "completed",
      codes: [],
      quantity: 1,
      delivery: { mode: "direct_top_up", status: "completed" },
    });
  });

  it("lets a pending top-up's delivery status follow the order status", async () => {
    const order = await buy("TEST-TOPUP-PENDING", "t-8", { fields: { player_id: "123456" } });
    expect(order.delivery).toEqual({ mode: "direct_top_up", status: "pending" });
    ctl.settleNow(order.orderId);
    expect((await client.getOrder(order.orderId)).delivery).toEqual({ mode: "direct_top_up", status: "completed" });
  });
});

describe("spec 4.8: idempotency rules", () => {
  it("1: a retry with the same key and body returns the original order", async () => {
    const first = await buy("TEST-INSTANT", "i-1");
    const again = await buy("TEST-INSTANT", "i-1");
    expect(again.orderId).toBe(first.orderId);
    expect(ctl.listOrders()).toHaveLength(1);
    expect(ctl.getBalance()).toBe("4999.00");
  });

  it("2+3: the same key with a different quantity is a 409 conflict that names the order", async () => {
    const first = await buy("TEST-INSTANT", "i-2");
    const err = await errorOf(buy("TEST-INSTANT", "i-2", { quantity: 2 }));
    expect(err).toBeInstanceOf(IdempotencyConflictError);
    expect((err as IdempotencyConflictError).orderId).toBe(first.orderId);
    expect(ctl.listOrders()).toHaveLength(1);
  });

  it("3: the same key while the original is still processing is a 409 conflict with its order id", async () => {
    const first = await buy("TEST-PENDING", "i-3");
    const err = await errorOf(buy("TEST-PENDING", "i-3"));
    expect(err).toBeInstanceOf(IdempotencyConflictError);
    expect((err as IdempotencyConflictError).orderId).toBe(first.orderId);
    ctl.settleNow(first.orderId);
    expect((await buy("TEST-PENDING", "i-3")).status).toBe("completed");
  });

  it("4: the same key after a failed purchase is a failed replay (400); a new key buys", async () => {
    await errorOf(buy("TEST-FAIL", "i-4"));
    const err = await errorOf(buy("TEST-FAIL", "i-4"));
    expect(err).toBeInstanceOf(FailedReplayError);
    expect(err.status).toBe(400);
    expect(await errorOf(buy("TEST-PENDING-FAIL", "i-4"))).toBeInstanceOf(IdempotencyConflictError);
    expect((await buy("TEST-INSTANT", "i-4b")).status).toBe("completed");
  });

  it("4: a key whose pending order later failed is a failed replay too", async () => {
    const { orderId } = await buy("TEST-PENDING-FAIL", "i-4c");
    ctl.settleNow(orderId);
    expect(await errorOf(buy("TEST-PENDING-FAIL", "i-4c"))).toBeInstanceOf(FailedReplayError);
  });

  it("5: after a 422 field error the fixed fields go out with a new key", async () => {
    const err = await errorOf(buy("TEST-TOPUP", "i-5", { fields: { player_id: "000000" } }));
    expect(err).toBeInstanceOf(InvalidFieldsError);
    const order = await buy("TEST-TOPUP", "i-5b", { fields: { player_id: "123456" } });
    expect(order.status).toBe("completed");
  });

  it("accepts the same key again after a rejection that created no order", async () => {
    ctl.setBalance("0.00");
    expect(await errorOf(buy("TEST-INSTANT", "i-6"))).toBeInstanceOf(InsufficientBalanceError);
    ctl.setBalance("10.00");
    expect((await buy("TEST-INSTANT", "i-6")).status).toBe("completed");
  });
});

describe("part 7: purchase error rows", () => {
  it("400 out_of_stock does not debit the wallet", async () => {
    const err = await errorOf(buy("TEST-OOS", "e-1"));
    expect(err).toBeInstanceOf(OutOfStockError);
    expect(err).toMatchObject({ status: 400, state: "out_of_stock" });
    expect(ctl.getBalance()).toBe("5000.00");
  });

  it("400 invalid_quantity", async () => {
    expect(await errorOf(buy("TEST-INSTANT", "e-2", { quantity: 0 }))).toBeInstanceOf(InvalidQuantityError);
  });

  it("402 insufficient balance", async () => {
    ctl.setBalance("0.50");
    const err = await errorOf(buy("TEST-INSTANT", "e-3"));
    expect(err).toBeInstanceOf(InsufficientBalanceError);
    expect(err.status).toBe(402);
  });

  it("404 unknown product", async () => {
    expect(await errorOf(buy("NOPE-1", "e-4"))).toBeInstanceOf(NotFoundError);
  });

  it("422 missing_fields names the field of a top-up", async () => {
    const err = await errorOf(buy("TEST-TOPUP", "e-5"));
    expect(err).toBeInstanceOf(MissingFieldsError);
    expect((err as MissingFieldsError).field).toBe("player_id");
  });

  it("501 not_supported", async () => {
    expect(await errorOf(buy("TEST-UNSUPPORTED", "e-6"))).toBeInstanceOf(NotSupportedError);
  });

  it("500 before any side effect, then the retry with the same key buys once", async () => {
    ctl.setFaults({ failNextRequests: 1 });
    expect(await errorOf(buy("TEST-INSTANT", "e-7"))).toBeInstanceOf(UpstreamServerError);
    expect((await buy("TEST-INSTANT", "e-7")).status).toBe("completed");
    expect(ctl.listOrders()).toHaveLength(1);
  });

  it("never echoes top-up fields in the order", async () => {
    const order = await buy("TEST-TOPUP", "e-8", { fields: { player_id: "987654" } });
    expect(JSON.stringify(order)).not.toContain("987654");
  });
});
