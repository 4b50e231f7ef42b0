// The choices this shop makes where the upstream's documentation is silent
// (docs/upstream-contract.md#where-the-contract-is-silent). They live here, and only here, so that
// a real provider's values replace them in one place. The sandbox emits exactly these; the client
// reads exactly these.

/** `data.state` values on HTTP 400 from POST /orders (docs/upstream-contract.md#7-errors). */
export const purchaseFailureState = {
  invalidQuantity: "invalid_quantity",
  outOfStock: "out_of_stock",
  /** Terminal fulfilment failure; may carry data.order_id: read it back first (docs/upstream-contract.md#3-order-states). */
  failed: "failed",
  /** Same idempotency key as an already failed purchase (docs/upstream-contract.md#48-purchase). */
  failedReplay: "failed_replay",
} as const;

/** `data.state` values on other error rows. */
export const errorState = {
  idempotencyConflict: "idempotency_conflict",
  missingFields: "missing_fields",
  invalidFields: "invalid_fields",
  validationError: "validation_error",
  notSupported: "not_supported",
  insufficientBalance: "insufficient_balance",
  notFound: "not_found",
  rateLimited: "rate_limited",
  unauthorized: "unauthorized",
  serverError: "server_error",
} as const;

/** GET /challenge: the field of `data` that carries the one-time challenge string. */
export const challengeField = "challenge";

/** X-RateLimit-Reset: seconds until the window resets (not a Unix timestamp). */
export const rateLimitResetUnit = "seconds" as const;

/** GET /orders: the page parameter and defaults. */
export const orderListDefaults = { pageParam: "page", perPage: 20, sortBy: "created_at", order: "desc" } as const;

/** Webhooks: any 2xx counts as accepted; retries after 10 s, 60 s, 5 min, 30 min, 2 h. */
export const webhookRetryScheduleMs = [10_000, 60_000, 300_000, 1_800_000, 7_200_000] as const;
