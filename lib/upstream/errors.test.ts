import { describe, expect, it } from "vitest";
import { errorState, purchaseFailureState } from "./contract";
import {
  classifyUpstreamError,
  FailedReplayError,
  IdempotencyConflictError,
  InsufficientBalanceError,
  InvalidFieldsError,
  InvalidQuantityError,
  isOutcomeUnknown,
  MissingFieldsError,
  NotFoundError,
  NotSupportedError,
  OutOfStockError,
  RateLimitedError,
  TerminalFailureError,
  UnauthorizedError,
  UpstreamError,
  UpstreamNetworkError,
  UpstreamProtocolError,
  UpstreamServerError,
  UpstreamTimeoutError,
  UpstreamValidationError,
} from "./errors";

describe("classifyUpstreamError: one class per spec part-7 row", () => {
  const rows: [string, number, Record<string, unknown>, string, abstract new (...a: never[]) => UpstreamError][] = [
    [
      "400 invalid_quantity",
      400,
      { state: purchaseFailureState.invalidQuantity },
      "Invalid quantity",
      InvalidQuantityError,
    ],
    ["400 out_of_stock", 400, { state: purchaseFailureState.outOfStock }, "Out of stock", OutOfStockError],
    [
      "400 terminal failure",
      400,
      { state: purchaseFailureState.failed, order_id: 7, order_no: "ORD-7" },
      "Order failed",
      TerminalFailureError,
    ],
    [
      "400 failed replay",
      400,
      { state: purchaseFailureState.failedReplay, order_id: 7 },
      "Order failed",
      FailedReplayError,
    ],
    ["401 unauthorized", 401, {}, "Unauthorized", UnauthorizedError],
    [
      "402 insufficient balance",
      402,
      { state: errorState.insufficientBalance },
      "Insufficient balance",
      InsufficientBalanceError,
    ],
    ["404 not found", 404, {}, "Product not found", NotFoundError],
    [
      "404 out_of_stock on check",
      404,
      { state: purchaseFailureState.outOfStock },
      "Insufficient stock",
      OutOfStockError,
    ],
    [
      "409 idempotency_conflict",
      409,
      { state: errorState.idempotencyConflict, order_id: 12 },
      "Conflict",
      IdempotencyConflictError,
    ],
    ["422 missing_fields", 422, { state: errorState.missingFields, field: "player_id" }, "Missing", MissingFieldsError],
    ["422 invalid_fields", 422, { state: errorState.invalidFields }, "Invalid", InvalidFieldsError],
    ["422 validation_error", 422, { state: errorState.validationError }, "Bad body", UpstreamValidationError],
    ["429 rate limited", 429, { retry_after: 17 }, "Too many requests", RateLimitedError],
    ["500 server error", 500, {}, "Server error", UpstreamServerError],
    ["503 server error", 503, {}, "Unavailable", UpstreamServerError],
    ["501 not_supported", 501, { state: errorState.notSupported }, "Not supported", NotSupportedError],
  ];

  it.each(rows)("maps %s to its class", (_name, status, data, message, cls) => {
    const err = classifyUpstreamError(status, { message, data });
    expect(err).toBeInstanceOf(cls);
    expect(err.status).toBe(status);
    expect(err.outcomeUnknown).toBe(false);
  });

  it("carries order_id and order_no of a terminal failure so the caller reads the order first", () => {
    const err = classifyUpstreamError(400, {
      message: "failed",
      data: { state: "failed", order_id: "41", order_no: "ORD-41" },
    });
    expect(err).toMatchObject({ orderId: 41, orderNo: "ORD-41", state: "failed" });
  });

  it("carries the order id of an idempotency conflict", () => {
    expect(classifyUpstreamError(409, { data: { order_id: 12 } }).orderId).toBe(12);
  });

  it("names the missing field", () => {
    expect(classifyUpstreamError(422, { data: { state: "missing_fields", field: "zone_id" } }).field).toBe("zone_id");
  });

  it("takes retry_after from the body before the Retry-After header", () => {
    expect(classifyUpstreamError(429, { data: { retry_after: 9 } }, 30).retryAfter).toBe(9);
    expect(classifyUpstreamError(429, { data: {} }, 30).retryAfter).toBe(30);
  });

  it.each([
    [400, "Quantity must be between 1 and 5", InvalidQuantityError],
    [400, "Item is out of stock", OutOfStockError],
    [400, "This key was already used by a failed purchase; use a new key", FailedReplayError],
    [400, "Fulfilment could not complete", TerminalFailureError],
    [404, "Insufficient stock for this quantity", OutOfStockError],
    [422, "Missing required field: player_id", MissingFieldsError],
    [422, "Unknown key in fields", InvalidFieldsError],
    [422, "The updated since must be a date", UpstreamValidationError],
  ] as const)("falls back to message keywords without a state: %i %s", (status, message, cls) => {
    expect(classifyUpstreamError(status, { message, data: {} })).toBeInstanceOf(cls);
  });

  it("keeps the upstream message but never more in the error message", () => {
    const err = classifyUpstreamError(402, { message: "Insufficient balance", data: {} });
    expect(err.message).toBe("upstream 402: Insufficient balance");
    expect(err.upstreamMessage).toBe("Insufficient balance");
  });

  it("returns a plain UpstreamError for an undocumented status", () => {
    const err = classifyUpstreamError(418, { message: "teapot" });
    expect(err.constructor).toBe(UpstreamError);
  });
});

describe("isOutcomeUnknown", () => {
  it("is true for timeouts and network failures only", () => {
    expect(isOutcomeUnknown(new UpstreamTimeoutError({ status: 0 }))).toBe(true);
    expect(isOutcomeUnknown(new UpstreamNetworkError({ status: 0 }))).toBe(true);
    expect(isOutcomeUnknown(new UpstreamServerError({ status: 500 }))).toBe(false);
    expect(isOutcomeUnknown(new UpstreamProtocolError({ status: 200 }))).toBe(false);
    expect(isOutcomeUnknown(new Error("x"))).toBe(false);
  });

  it("names errors after their class", () => {
    expect(new UpstreamTimeoutError({ status: 0 }).name).toBe("UpstreamTimeoutError");
  });
});

describe("error names", () => {
  it("every error class names itself in a string, so minified production builds log real names", async () => {
    const all = await import("./errors");
    const classes = Object.entries(all).filter(([, v]) => typeof v === "function" && v.prototype instanceof Error) as [
      string,
      typeof UpstreamError,
    ][];
    expect(classes.length).toBeGreaterThan(15);
    for (const [exported, Cls] of classes) expect(new Cls({ status: 400 }).name).toBe(exported);
  });
});
