import { describe, expect, it } from "vitest";
import * as E from "@/lib/upstream/errors";
import { attemptVerdict } from "./attempt-verdict";

describe("attemptVerdict", () => {
  it("reads an order a 400 or 409 names, and never buys again", () => {
    expect(attemptVerdict(new E.TerminalFailureError({ status: 400, orderId: 7 }))).toEqual({
      next: "read_back",
      orderId: 7,
    });
    expect(attemptVerdict(new E.IdempotencyConflictError({ status: 409, orderId: 8 }))).toEqual({
      next: "read_back",
      orderId: 8,
    });
  });

  it("fails over on every answer that proves this supplier made nothing", () => {
    for (const err of [
      new E.OutOfStockError({ status: 400 }),
      new E.InvalidQuantityError({ status: 400 }),
      new E.NotSupportedError({ status: 400 }),
      new E.NotFoundError({ status: 404 }),
      new E.FailedReplayError({ status: 400 }),
      new E.TerminalFailureError({ status: 400 }),
    ])
      expect(attemptVerdict(err)).toMatchObject({ next: "fail_over" });
  });

  it("pauses the supplier whose wallet is short, whose rate limit was reached or which refused the shop's key", () => {
    expect(attemptVerdict(new E.InsufficientBalanceError({ status: 402 }))).toMatchObject({
      next: "fail_over",
      pause: "insufficient_balance",
    });
    expect(attemptVerdict(new E.RateLimitedError({ status: 429, retryAfter: 30 }))).toMatchObject({
      next: "fail_over",
      pause: "rate_limited",
    });
    expect(attemptVerdict(new E.UnauthorizedError({ status: 401 }))).toMatchObject({
      next: "fail_over",
      pause: "unauthorised",
    });
  });

  it("resolves at the same supplier first whenever an order may exist there", () => {
    for (const err of [
      new E.UpstreamTimeoutError({ status: 0 }),
      new E.UpstreamNetworkError({ status: 0 }),
      new E.UpstreamServerError({ status: 500 }),
      new E.UpstreamProtocolError({ status: 502 }),
      new E.IdempotencyConflictError({ status: 409 }),
      new Error("something unexpected"),
    ])
      expect(attemptVerdict(err)).toEqual({ next: "resolve_here" });
  });

  it("fails the line when the shopper's own input is refused: another supplier would refuse it too", () => {
    expect(attemptVerdict(new E.InvalidFieldsError({ status: 400, field: "player_id" }))).toMatchObject({
      next: "fail_line",
    });
    expect(attemptVerdict(new E.MissingFieldsError({ status: 400 }))).toMatchObject({ next: "fail_line" });
    expect(attemptVerdict(new E.UpstreamValidationError({ status: 400 }))).toMatchObject({ next: "fail_line" });
  });
});
