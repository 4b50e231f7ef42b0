// Every per-client limit of the shop in one table (docs/going-live.md#per-client-limits), so a
// page or route never invents its own numbers. A "client" is an address from
// lib/http/client-ip.ts, counted also with the other addresses of its network
// (lib/http/client-network.ts) against a higher ceiling, so one network cannot pose as many
// clients; the same rules can be keyed by anything else (an email, a card fingerprint) through
// `subject`.
import "server-only";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { clientNetwork } from "@/lib/http/client-network";
import { consumeRateLimits, peekRateLimit, type RateLimit, type RateLimitHit, type RateLimitResult } from "./index";

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
  /** Verification links sent again to one signed-in, unconfirmed account (each one is an email). */
  verificationResend: { limit: 5, windowMs: 60 * minute },
  /** Password-reset links asked for (one answer whether or not the account exists). */
  passwordReset: { limit: 10, windowMs: 60 * minute },
  /** Reset links asked for one address, whoever asks (no mailbox flooding). */
  passwordResetPerAddress: { limit: 3, windowMs: 60 * minute },
  /** Webhook deliveries refused (bad signature, too large…) before a client is refused early. */
  webhookRejections: { limit: 20, windowMs: 10 * minute },
} as const satisfies Record<string, RateLimit>;

export type ClientLimitName = keyof typeof clientLimits;

/** All the addresses of one network together may use this many times one address's allowance. */
export const networkAllowanceFactor = 4;

/** The address's limit, and its network's when the subject is an address. */
function limitHits(name: ClientLimitName, subject: string, cost = 1): RateLimitHit[] {
  const rule = clientLimits[name];
  const hits: RateLimitHit[] = [{ key: `${name}:${subject}`, rule, cost }];
  const network = clientNetwork(subject);
  if (network)
    hits.push({ key: `${name}:net:${network}`, rule: { ...rule, limit: rule.limit * networkAllowanceFactor }, cost });
  return hits;
}

export type LimitOutcome = { ok: true } | { ok: false; retryAfterS: number; message: string };

/** Counts `cost` hits for `subject` (a client address, or "email:…") against the named limit and its network's. */
export async function consumeClientLimit(
  name: ClientLimitName,
  subject: string,
  opts: { cost?: number; now?: Date } = {},
): Promise<LimitOutcome> {
  if (getEnv().RATE_LIMIT_EXEMPT.includes(subject)) return { ok: true };
  return toOutcome(await consumeRateLimits(limitHits(name, subject, opts.cost), opts.now));
}

/**
 * Counts one request against several named limits at once (a client and the email it names): it
 * passes only if each has room, and a refused request counts against none of them.
 */
export async function consumeClientLimitsTogether(
  parts: readonly { name: ClientLimitName; subject: string }[],
  opts: { now?: Date } = {},
): Promise<LimitOutcome> {
  const exempt = getEnv().RATE_LIMIT_EXEMPT;
  const hits = parts.filter((p) => !exempt.includes(p.subject)).flatMap((p) => limitHits(p.name, p.subject));
  return hits.length ? toOutcome(await consumeRateLimits(hits, opts.now)) : { ok: true };
}

/** Whether `subject` has used up the named limit, without counting a hit (early refusals). */
export async function peekClientLimit(
  name: ClientLimitName,
  subject: string,
  opts: { now?: Date } = {},
): Promise<LimitOutcome> {
  if (getEnv().RATE_LIMIT_EXEMPT.includes(subject)) return { ok: true };
  const results = await Promise.all(limitHits(name, subject).map((h) => peekRateLimit(h.key, h.rule, opts.now)));
  return toOutcome(results.find((r) => !r.ok) ?? results[0]!);
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
