// The go-live checklist: what a shop must have before real shoppers pay, each item green or red
// with the fix. A pure function of its inputs (gathered by load.ts), so every rule is tested.

export type CheckResult = { ok: boolean; at: string; message: string };
export type GoLiveInputs = {
  now: Date;
  demoMode: boolean;
  sandboxEnabled: boolean;
  /** "live" (sk_live_…), "test" (sk_test_…) or "none". */
  stripeKey: "live" | "test" | "none";
  stripeWebhookSecretSet: boolean;
  appUrl: string;
  upstreamIsSandbox: boolean;
  upstreamCheck: CheckResult | null;
  webhookSecretSet: boolean;
  lastSignedWebhookAt: Date | null;
  smtpConfigured: boolean;
  smtpCheck: CheckResult | null;
  backupsConfirmed: { at: string; by: string } | null;
  staffTwoFactorMode: "optional" | "required";
};
export type ChecklistAction = "check_upstream" | "check_smtp" | "confirm_backups";
export type ChecklistItem = {
  id: string;
  title: string;
  ok: boolean;
  detail: string;
  fix: string;
  action?: ChecklistAction;
};

/** A button-triggered check counts for a day; then it is run again before trusting it. */
export const checkFreshMs = 24 * 60 * 60_000;
/** A signed upstream webhook within this time shows the receiver works end to end. */
export const webhookFreshMs = 7 * 24 * 60 * 60_000;

const age = (now: Date, at: string | Date) => now.getTime() - new Date(at).getTime();
const fresh = (now: Date, c: CheckResult | null) => Boolean(c?.ok && age(now, c.at) <= checkFreshMs);
const when = (c: CheckResult | null) =>
  c ? `Last check ${c.at.slice(0, 16).replace("T", " ")} UTC: ${c.message}` : "Not checked yet.";

/** Every item, in the order an owner would work through them. */
export function buildGoLiveChecklist(i: GoLiveInputs): ChecklistItem[] {
  const live = !i.demoMode && !i.sandboxEnabled;
  return [
    {
      id: "live-mode",
      title: "Live mode on",
      ok: live,
      detail: live
        ? "The demo and the built-in sandbox are off."
        : `${i.demoMode ? "DEMO_MODE is on. " : ""}${i.sandboxEnabled ? "SANDBOX_ENABLED is on." : ""}`.trim(),
      fix: "Set DEMO_MODE=false and SANDBOX_ENABLED=false in the environment and restart.",
    },
    {
      id: "payments",
      title: "A real payment provider",
      ok: i.stripeKey === "live" && i.stripeWebhookSecretSet,
      detail:
        i.stripeKey === "none"
          ? "No Stripe key: the TEST card provider takes payments (no money moves)."
          : `Stripe ${i.stripeKey} key${i.stripeWebhookSecretSet ? ", webhook secret set" : ", no webhook secret"}.`,
      fix: "Set STRIPE_SECRET_KEY to your sk_live_… key and STRIPE_WEBHOOK_SECRET to the endpoint's whsec_… (README: Taking real payments with Stripe).",
    },
    {
      id: "upstream",
      title: "The real upstream is reachable and accepts the key",
      ok: !i.upstreamIsSandbox && fresh(i.now, i.upstreamCheck),
      detail: i.upstreamIsSandbox ? "UPSTREAM_BASE_URL points at the sandbox." : when(i.upstreamCheck),
      fix: i.upstreamIsSandbox
        ? "Set UPSTREAM_BASE_URL and UPSTREAM_API_KEY to your upstream account's, then check."
        : "Press “Check now” (one GET /balance, counted in the request budget); fix the key or URL if it fails.",
      action: "check_upstream",
    },
    {
      id: "webhooks",
      title: "Upstream webhooks are signed and arriving",
      ok: i.webhookSecretSet && i.lastSignedWebhookAt !== null && age(i.now, i.lastSignedWebhookAt) <= webhookFreshMs,
      detail: !i.webhookSecretSet
        ? "UPSTREAM_WEBHOOK_SECRET is not set."
        : i.lastSignedWebhookAt
          ? `Last signed delivery ${i.lastSignedWebhookAt.toISOString().slice(0, 16).replace("T", " ")} UTC.`
          : "No signed delivery received yet.",
      fix: "Set UPSTREAM_WEBHOOK_SECRET to the upstream dashboard's secret, point the upstream at https://YOUR-SHOP/api/webhooks/upstream, and place one order (or send a test event).",
    },
    {
      id: "smtp",
      title: "Email is sent (SMTP works)",
      ok: i.smtpConfigured && fresh(i.now, i.smtpCheck),
      detail: i.smtpConfigured
        ? when(i.smtpCheck)
        : "No SMTP_URL: emails stay in the outbox and shoppers never get their order links.",
      fix: i.smtpConfigured
        ? "Press “Check now”; fix SMTP_URL (host, port, user, password) if it fails."
        : "Set SMTP_URL (smtps://user:password@host:465) and MAIL_FROM, restart, then check.",
      action: i.smtpConfigured ? "check_smtp" : undefined,
    },
    {
      id: "https",
      title: "HTTPS",
      ok: i.appUrl.startsWith("https://"),
      detail: `APP_URL is ${i.appUrl}.`,
      fix: "Serve the shop over HTTPS behind your proxy and set APP_URL (and NEXTAUTH_URL) to its https:// address: session cookies are Secure only then.",
    },
    {
      id: "backups",
      title: "Backups set up",
      ok: i.backupsConfirmed !== null,
      detail: i.backupsConfirmed
        ? `Confirmed by ${i.backupsConfirmed.by} on ${i.backupsConfirmed.at.slice(0, 10)}.`
        : "Not confirmed.",
      fix: "Set up database backups and keep CODES_ENCRYPTION_KEY apart from them (README: Backups), then confirm here.",
      action: "confirm_backups",
    },
    {
      id: "staff-2fa",
      title: "Two-factor sign-in required for all staff",
      ok: i.staffTwoFactorMode === "required",
      detail:
        i.staffTwoFactorMode === "required"
          ? "Owners, staff and support sign in with a code."
          : "Owners must; staff and support may choose.",
      fix: "Set “Two-factor sign-in for staff and support” to Required in the Security section below.",
    },
  ];
}
