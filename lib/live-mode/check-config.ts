// What a production start refuses (docs/going-live.md): a pure function of the parsed
// configuration, so every unsafe combination is a unit test and start-up only prints the result.
import type { Env } from "@/lib/env";
import { weakSecretReason } from "./known-secrets";

export type ConfigReport = {
  /** Each one stops a production start; each names the variable to change. */
  problems: string[];
  /** Printed at start, not fatal. */
  warnings: string[];
};

/** A sandbox upstream: this app's own (/sandbox/v1) or the standalone sandbox server's. */
export function isSandboxUpstream(env: Pick<Env, "UPSTREAM_BASE_URL">): boolean {
  try {
    return new URL(env.UPSTREAM_BASE_URL).pathname.replace(/\/$/, "").endsWith("/sandbox/v1");
  } catch {
    return false;
  }
}

const isStripeTestKey = (key: string) => /^(sk|rk)_test_/.test(key);

/** The secrets this configuration actually relies on, named as the owner sets them. */
function secretsInUse(env: Env): [string, string | undefined][] {
  const upstreamKeyName =
    env.UPSTREAM_API_KEY === env.SANDBOX_API_KEY ? "SANDBOX_API_KEY (used as UPSTREAM_API_KEY)" : "UPSTREAM_API_KEY";
  return [
    ["NEXTAUTH_SECRET", env.NEXTAUTH_SECRET],
    ["CODES_ENCRYPTION_KEY", env.CODES_ENCRYPTION_KEY],
    [upstreamKeyName, env.UPSTREAM_API_KEY],
    ...(env.SANDBOX_ENABLED && env.UPSTREAM_API_KEY !== env.SANDBOX_API_KEY
      ? [["SANDBOX_API_KEY", env.SANDBOX_API_KEY] as [string, string]]
      : []),
    ["UPSTREAM_WEBHOOK_SECRET", env.UPSTREAM_WEBHOOK_SECRET],
    ["UPSTREAM_WEBHOOK_SECRET_PREVIOUS", env.UPSTREAM_WEBHOOK_SECRET_PREVIOUS],
    ["STRIPE_SECRET_KEY", env.STRIPE_SECRET_KEY],
    ["STRIPE_WEBHOOK_SECRET", env.STRIPE_WEBHOOK_SECRET],
    ["METRICS_TOKEN", env.METRICS_TOKEN],
    ["ALERT_WEBHOOK_SECRET", env.ALERT_WEBHOOK_SECRET],
  ];
}

/**
 * Checks a production configuration: a live shop (real upstream, real payments, no sandbox) or
 * a deliberate demo (DEMO_MODE=true, sandbox upstream only). Never reads process.env itself.
 */
export function checkProductionConfig(env: Env): ConfigReport {
  const problems: string[] = [];
  const warnings: string[] = [];
  const demo = env.DEMO_MODE;

  if (!env.NEXTAUTH_SECRET)
    problems.push(
      "NEXTAUTH_SECRET is not set: sessions would be signed with a key anyone can guess. Run `npm run setup`, or set it to `openssl rand -base64 32`.",
    );
  for (const [name, value] of secretsInUse(env)) {
    const reason = value ? weakSecretReason(value) : null;
    if (reason) problems.push(`${name} ${reason}: anyone could use it. Generate a new one (\`openssl rand -hex 32\`).`);
  }

  if (env.SANDBOX_ENABLED && !demo) {
    problems.push(
      "SANDBOX_ENABLED=true serves the simulated upstream, whose key reads every code it sold and moves its wallet: a live shop sets SANDBOX_ENABLED=false; a deliberate demo sets DEMO_MODE=true.",
    );
  }
  if (env.TEST_PRODUCTS_ENABLED && !demo) {
    problems.push(
      "TEST_PRODUCTS_ENABLED is on (it follows SANDBOX_ENABLED when unset): a live shop sells no test products; set it to false, or DEMO_MODE=true for a demo.",
    );
  }
  if (demo && !isSandboxUpstream(env)) {
    problems.push(
      `UPSTREAM_BASE_URL (${env.UPSTREAM_BASE_URL}) is not a sandbox, but DEMO_MODE=true: a demo takes no real money, so it would buy real codes for free. Point it at a sandbox (…/sandbox/v1) or turn DEMO_MODE off.`,
    );
  }
  if (!demo && !env.STRIPE_SECRET_KEY) {
    problems.push(
      "STRIPE_SECRET_KEY is not set, so the TEST card provider would take payments and card 4242… would buy real codes. Set STRIPE_SECRET_KEY (docs/payments-stripe.md), or DEMO_MODE=true for a demo against the sandbox.",
    );
  }
  if (!demo && env.STRIPE_SECRET_KEY && isStripeTestKey(env.STRIPE_SECRET_KEY)) {
    problems.push(
      "STRIPE_SECRET_KEY is a test-mode key: Stripe's test cards would buy real codes. A live shop uses its sk_live_ key; test-mode keys belong with DEMO_MODE=true and the sandbox.",
    );
  }
  if (demo && env.STRIPE_SECRET_KEY && !isStripeTestKey(env.STRIPE_SECRET_KEY)) {
    problems.push(
      "STRIPE_SECRET_KEY is a live key, but DEMO_MODE=true: a demo must never take real money. Use a test-mode key or turn DEMO_MODE off.",
    );
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      "STRIPE_WEBHOOK_SECRET is not set: every Stripe payment confirmation would be refused, so paid orders would never be fulfilled.",
    );
  }
  if (!demo && !env.APP_URL.startsWith("https://")) {
    problems.push(
      `APP_URL (${env.APP_URL}) is not https://: a live shop is served over HTTPS (session cookies are Secure only there). Set APP_URL to the public https:// address.`,
    );
  }

  if (env.OUTBOUND_ALLOW_PRIVATE) {
    problems.push(
      "OUTBOUND_ALLOW_PRIVATE=true lets catalog images, sandbox webhook targets and the alert webhook reach private and loopback addresses (this machine, the cloud's metadata service): it is for test rigs only. Set it to false.",
    );
  }

  if (env.ALERT_WEBHOOK_URL && !env.ALERT_WEBHOOK_SECRET) {
    problems.push(
      "ALERT_WEBHOOK_URL is set without ALERT_WEBHOOK_SECRET: alerts are posted only signed. Set ALERT_WEBHOOK_SECRET (`openssl rand -hex 32`) and check the signature in the receiver (docs/operations.md), or unset ALERT_WEBHOOK_URL.",
    );
  }
  if (env.ALERT_WEBHOOK_URL && !env.ALERT_WEBHOOK_URL.startsWith("https://")) {
    problems.push(
      `ALERT_WEBHOOK_URL (${new URL(env.ALERT_WEBHOOK_URL).host}) is not https://: alerts describe the shop's money and would cross the network in clear. Use the chat tool's https:// webhook address.`,
    );
  }

  if (!demo && !env.UPSTREAM_WEBHOOK_SECRET)
    warnings.push(
      "UPSTREAM_WEBHOOK_SECRET is not set: upstream webhooks are refused and orders settle by polling only.",
    );
  if (!demo && !env.SMTP_URL)
    warnings.push("SMTP_URL is not set: order emails stay in the outbox (/admin/outbox) and reach nobody.");
  return { problems, warnings };
}

/** The message a refused start prints. */
export function formatRefusal(report: ConfigReport): string {
  return [
    "Refusing to start in production. Fix these settings (docs/going-live.md):",
    ...report.problems.map((p) => `  - ${p}`),
    "A deliberate demo (sandbox upstream, TEST card, a demo banner on every page) sets DEMO_MODE=true.",
  ].join("\n");
}
