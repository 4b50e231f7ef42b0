// Typed upstream errors: one class per error row (docs/upstream-contract.md#7-errors), plus the outcome-unknown ones
// (timeout, network) that callers must never read as "failed". Messages carry the HTTP
// status, the upstream state and the upstream message only, never a request body. Every class
// names itself in a string: a production build minifies class names, and `name` is what the
// upstream call log and the server logs show.
import { errorState, purchaseFailureState } from "./contract";

export type UpstreamErrorInit = {
  status: number;
  message?: string;
  state?: string;
  field?: string;
  orderId?: number;
  orderNo?: string;
  retryAfter?: number;
  cause?: unknown;
};

export class UpstreamError extends Error {
  override name = "UpstreamError";
  readonly status: number;
  readonly state?: string;
  readonly field?: string;
  readonly orderId?: number;
  readonly orderNo?: string;
  readonly retryAfter?: number;
  /** True when the request may or may not have taken effect upstream. */
  readonly outcomeUnknown: boolean = false;
  /** The upstream's own `message`, safe to show staff. */
  readonly upstreamMessage: string;

  constructor(init: UpstreamErrorInit) {
    const text = init.message ?? "";
    super(`upstream ${init.status}${init.state ? ` ${init.state}` : ""}${text ? `: ${text}` : ""}`, {
      cause: init.cause,
    });
    this.status = init.status;
    this.state = init.state;
    this.field = init.field;
    this.orderId = init.orderId;
    this.orderNo = init.orderNo;
    this.retryAfter = init.retryAfter;
    this.upstreamMessage = text;
  }
}

export class InvalidQuantityError extends UpstreamError {
  override name = "InvalidQuantityError";
}
/** 400 on POST /orders (wallet not debited), 404 on POST /orders/check. */
export class OutOfStockError extends UpstreamError {
  override name = "OutOfStockError";
}
/** Fulfilment could not complete. With orderId: read the order first, it may still be pending. */
export class TerminalFailureError extends UpstreamError {
  override name = "TerminalFailureError";
}
/** Same idempotency key as an already failed purchase: a new purchase needs a new key. */
export class FailedReplayError extends UpstreamError {
  override name = "FailedReplayError";
}
export class UnauthorizedError extends UpstreamError {
  override name = "UnauthorizedError";
}
export class InsufficientBalanceError extends UpstreamError {
  override name = "InsufficientBalanceError";
}
export class NotFoundError extends UpstreamError {
  override name = "NotFoundError";
}
/** Same key, different body or still processing. With orderId: read that order, never buy again. */
export class IdempotencyConflictError extends UpstreamError {
  override name = "IdempotencyConflictError";
}
export class MissingFieldsError extends UpstreamError {
  override name = "MissingFieldsError";
}
export class InvalidFieldsError extends UpstreamError {
  override name = "InvalidFieldsError";
}
export class UpstreamValidationError extends UpstreamError {
  override name = "UpstreamValidationError";
}
/** retryAfter is in seconds: wait at least that long. */
export class RateLimitedError extends UpstreamError {
  override name = "RateLimitedError";
}
export class UpstreamServerError extends UpstreamError {
  override name = "UpstreamServerError";
}
export class NotSupportedError extends UpstreamError {
  override name = "NotSupportedError";
}
/** The answer did not match the documented envelope or schema. */
export class UpstreamProtocolError extends UpstreamError {
  override name = "UpstreamProtocolError";
}

/** No answer within the client timeout: the upstream may have acted, not a failure (docs/upstream-contract.md#1-what-the-upstream-is). */
export class UpstreamTimeoutError extends UpstreamError {
  override name = "UpstreamTimeoutError";
  override readonly outcomeUnknown = true;
}

/** The connection failed or dropped, or the body was unreadable: outcome unknown. */
export class UpstreamNetworkError extends UpstreamError {
  override name = "UpstreamNetworkError";
  override readonly outcomeUnknown = true;
}

/** Whether a failed call may still have taken effect upstream (purchase: retry with the same key). */
export function isOutcomeUnknown(err: unknown): boolean {
  return err instanceof UpstreamError && err.outcomeUnknown;
}

export type ErrorBody = { message?: string; data?: Record<string, unknown> };

const num = (v: unknown): number | undefined => {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
};
const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/**
 * Maps an HTTP status plus the envelope's `data.state` (values in contract.ts) to its
 * error class (docs/upstream-contract.md#7-errors), falling back to message keywords when the state is absent.
 */
export function classifyUpstreamError(status: number, body: ErrorBody, retryAfterHeader?: number): UpstreamError {
  const data = body.data ?? {};
  const message = typeof body.message === "string" ? body.message : "";
  const state = str(data.state);
  const init: UpstreamErrorInit = {
    status,
    message,
    state,
    field: str(data.field),
    orderId: num(data.order_id),
    orderNo: str(data.order_no),
  };
  const has = (re: RegExp) => re.test(message) || (state !== undefined && re.test(state));

  switch (status) {
    case 400:
      if (state === purchaseFailureState.invalidQuantity) return new InvalidQuantityError(init);
      if (state === purchaseFailureState.outOfStock) return new OutOfStockError(init);
      if (state === purchaseFailureState.failedReplay) return new FailedReplayError(init);
      if (state === purchaseFailureState.failed) return new TerminalFailureError(init);
      if (has(/replay|already failed|new (idempotency )?key/i)) return new FailedReplayError(init);
      if (has(/quantity/i)) return new InvalidQuantityError(init);
      if (has(/stock/i)) return new OutOfStockError(init);
      return new TerminalFailureError(init);
    case 401:
      return new UnauthorizedError(init);
    case 402:
      return new InsufficientBalanceError(init);
    case 404:
      if (state === purchaseFailureState.outOfStock || has(/out[ _-]of[ _-]stock|insufficient stock/i)) {
        return new OutOfStockError(init);
      }
      return new NotFoundError(init);
    case 409:
      return new IdempotencyConflictError(init);
    case 422:
      if (state === errorState.missingFields) return new MissingFieldsError(init);
      if (state === errorState.invalidFields) return new InvalidFieldsError(init);
      if (state === errorState.validationError) return new UpstreamValidationError(init);
      if (has(/missing/i)) return new MissingFieldsError(init);
      if (has(/invalid field|not verifiable|too long|unknown key/i)) return new InvalidFieldsError(init);
      return new UpstreamValidationError(init);
    case 429:
      return new RateLimitedError({ ...init, retryAfter: num(data.retry_after) ?? retryAfterHeader });
    case 501:
      return new NotSupportedError(init);
  }
  if (status >= 500) return new UpstreamServerError(init);
  return new UpstreamError(init);
}
