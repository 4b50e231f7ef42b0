import "server-only";
// Where the sandbox may post webhooks. A target set through the control surface could make the
// server call any address (an internal admin page, a cloud metadata service) and report the
// status, so targets go through the shop's one outbound guard (lib/http/outbound-guard.ts):
// checked when the target is set, and again on each delivery, which connects to the address it
// checked (a name that later resolves elsewhere is still refused). The receiver configured in
// SANDBOX_WEBHOOK_URL (the shop's own, usually on loopback) is the operator's choice and may be
// private; OUTBOUND_ALLOW_PRIVATE lifts the rule for test rigs (docs/going-live.md#outbound-fetches).
import { checkOutboundUrl, outboundFetch, type OutboundDeps } from "@/lib/http/outbound-guard";

export type TargetPolicy = { trustedUrl?: string };
export type TargetCheck = { ok: true } | { ok: false; reason: string };
type Deliver = (url: string, init: RequestInit) => Promise<Response>;

const maxAnswerBytes = 64 * 1024;
const timeoutMs = 10_000;

function isTrusted(raw: string, policy: TargetPolicy): boolean {
  try {
    return policy.trustedUrl !== undefined && new URL(raw).href === new URL(policy.trustedUrl).href;
  } catch {
    return false;
  }
}

/** Decides a target set through the control surface; host names are resolved first. */
export async function checkWebhookTarget(raw: string, policy: TargetPolicy, deps?: OutboundDeps): Promise<TargetCheck> {
  if (isTrusted(raw, policy)) return { ok: true }; // the configured receiver: resolved at delivery
  const check = await checkOutboundUrl(raw, {}, deps);
  if (check.ok) return { ok: true };
  return {
    ok: false,
    reason: `webhookUrl: ${check.reason}; only the target in SANDBOX_WEBHOOK_URL may be a private address.`,
  };
}

/** The sandbox's webhook transport: every delivery through the outbound guard; the answer's body is dropped. */
export function createWebhookDeliver(policy: TargetPolicy, deps?: OutboundDeps): Deliver {
  return async (raw, init) => {
    const res = await outboundFetch(
      raw,
      {
        method: init.method ?? "POST",
        headers: (init.headers ?? {}) as Record<string, string>,
        body: typeof init.body === "string" ? init.body : undefined,
        maxBytes: maxAnswerBytes,
        timeoutMs,
        allowPrivate: isTrusted(raw, policy),
      },
      deps,
    );
    return new Response(null, { status: res.status });
  };
}
