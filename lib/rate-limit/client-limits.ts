// Every per-client limit of the shop in one table (docs/going-live.md#per-client-limits), so a
// page or route never invents its own numbers. A "client" is an address from
// lib/http/client-ip.ts; the same rules can be keyed by anything else (an email, a card
// fingerprint) through `subject`.
import "server-only";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { consumeRateLimit, peekRateLimit, type RateLimit, type RateLimitResult } from "./index";

const minute = 60_000;

export const clientLimits = {
  /** Live stock/price checks a client may ask for, counted per line (quotes, the checkout page). */
  quoteLines: { limit: 40, windowMs: minute },
  /** Orders placed (each one is a payment attempt and live checks). */
  checkout: { limit: 10, windowMs: 10 * minute },
  /** Promo codes tried (applied or refused), by the quote and checkout alike: codes cannot be guessed by trying many. */
  promoCodes: { limit: 20, windowMs: 10 * minute },
  /** Top-up account checks (POST /orders/validate-fields upstream). */
  topupValidation: { limit: 20, windowMs: 10 * minute },
  /** Accounts created (each one sends an email). */
  signUp: { limit: 5, windowMs: 60 * minute },
  /** Emails sent to one address by sign-up, whoever asks (no mailbox flooding). */
  signUpEmailsPerAddress: { limit: 3, windowMs: 60 * minute },
  /** Webhook deliveries refused (bad signature, too large…) before a client is refused early. */
  webhookRejections: { limit: 20, windowMs: 10 * minute },
} as const satisfies Record<string, RateLimit>;

export type ClientLimitName = keyof typeof clientLimits;

export type LimitOutcome = { ok: true } | { ok: false; retryAfterS: number; message: string };

/** Counts `cost` hits for `subject` (a client address, or "email:…") against the named limit. */
export async function consumeClientLimit(
  name: ClientLimitName,
  subject: string,
  opts: { cost?: number; now?: Date } = {},
): Promise<LimitOutcome> {
  if (getEnv().RATE_LIMIT_EXEMPT.includes(subject)) return { ok: true };
  return toOutcome(await consumeRateLimit(`${name}:${subject}`, clientLimits[name], opts.now, opts.cost ?? 1));
}

/** Whether `subject` has used up the named limit, without counting a hit (early refusals). */
export async function peekClientLimit(
  name: ClientLimitName,
  subject: string,
  opts: { now?: Date } = {},
): Promise<LimitOutcome> {
  if (getEnv().RATE_LIMIT_EXEMPT.includes(subject)) return { ok: true };
  return toOutcome(await peekRateLimit(`${name}:${subject}`, clientLimits[name], opts.now));
}

function toOutcome(result: RateLimitResult): LimitOutcome {
  if (result.ok) return { ok: true };
  const retryAfterS = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
  return {
    ok: false,
    retryAfterS,
    message: `Too many requests from your connection. Please try again in ${formatWait(retryAfterS)}.`,
  };
}

/** The same, throwing AppError("rate_limited") with the shopper's message. */
export async function enforceClientLimit(
  name: ClientLimitName,
  subject: string,
  opts: { cost?: number; now?: Date } = {},
): Promise<void> {
  const outcome = await consumeClientLimit(name, subject, opts);
  if (!outcome.ok) throw new AppError("rate_limited", { userMessage: outcome.message });
}

/** A 429 for route handlers, with Retry-After. */
export function rateLimitedResponse(outcome: Extract<LimitOutcome, { ok: false }>): Response {
  return Response.json(
    { ok: false, code: "rate_limited", message: outcome.message },
    { status: 429, headers: { "Retry-After": String(outcome.retryAfterS), "cache-control": "no-store" } },
  );
}

/** "45 seconds", "3 minutes". */
export function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
