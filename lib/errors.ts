// The shop's error model: one AppError with a code and one map from code to HTTP status. Route
// handlers answer with toResponse in lib/http/route.ts, which never leaks internals.
import type { ZodError } from "zod";

export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  validation_failed: 422,
  rate_limited: 429,
  upstream_unavailable: 502,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Safe to show to a shopper or staff member; `message` may hold detail for logs. */
  readonly userMessage: string;

  constructor(code: ErrorCode, opts: { message?: string; userMessage?: string; cause?: unknown } = {}) {
    super(opts.message ?? opts.userMessage ?? code, { cause: opts.cause });
    this.name = "AppError";
    this.code = code;
    this.userMessage = opts.userMessage ?? defaultUserMessage(code);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

function defaultUserMessage(code: ErrorCode): string {
  switch (code) {
    case "not_found":
      return "Not found.";
    case "unauthorized":
      return "Please sign in.";
    case "forbidden":
      return "You are not allowed to do that.";
    case "rate_limited":
      return "Too many requests. Please wait a moment and try again.";
    case "validation_failed":
    case "bad_request":
      return "Please check the form and try again.";
    default:
      return "Something went wrong. Please try again.";
  }
}

/**
 * A zod error as a form's field errors, keyed by the field's path ("email",
 * "items.0.fields.player_id"); an error about the whole input is keyed "_form". The one place
 * where zod's issues become what a form shows.
 */
export function fieldErrorsOf(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) (out[issue.path.join(".") || "_form"] ??= []).push(issue.message);
  return out;
}

/** The result every server action returns instead of throwing at the user. */
export type ActionState =
  | { ok: true; message?: string; data?: unknown }
  | { ok: false; message: string; fieldErrors?: Record<string, string[] | undefined> };
