import Link from "next/link";
import { AdminPageHeader } from "@/app/(request)/admin/_components";
import { can } from "@/lib/auth/guards";
import { env } from "@/lib/env";
import { getShopSettings } from "@/lib/admin/settings/shop-settings";
import { getWebhookSecretStatus } from "@/lib/admin/settings/webhook-secrets";
import { loadGoLiveChecklist } from "@/lib/admin/go-live/load";
import { getStaffTwoFactorMode } from "@/lib/auth/two-factor/policy";
import { AlertChoicesForm } from "@/components/admin/alert-choices-form";
import { CodesInEmailForm, SmtpCheck } from "@/components/admin/email-settings";
import { loadAlertSettings } from "@/lib/admin/alerts/alert-settings";
import { getCodesInEmail } from "@/lib/mail/codes-in-email";
import { describeSmtp } from "@/lib/mail/smtp-config";
import { ConnectionTest } from "./connection-test";
import { GoLiveChecklist } from "./go-live-checklist";
import { SettingsForm } from "./settings-form";
import { TwoFactorModeForm } from "./two-factor-mode-form";
import { ReceiptSettingsForm } from "./receipt-settings-form";
import { getReceiptSettings } from "@/lib/receipts/receipt-settings";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";

export const metadata = { title: "Settings" };

const section = "mb-6 rounded-lg border border-slate-200 bg-white p-4";
const yes = (b: boolean) =>
  b ? (
    <span className="font-semibold text-emerald-700">configured</span>
  ) : (
    <span className="font-semibold text-rose-700">not set</span>
  );

// Shop settings (owner writes): the go-live checklist (owners), shop and security settings,
// webhook secret rotation status and the upstream connection test.
export default async function AdminSettingsPage() {
  const user = await guardAdminPage("/admin/settings");
  const isOwner = can(user, "settings.write");
  const [settings, secrets, twoFactorMode, codesInEmail, checklist, alerts, receipt] = await Promise.all([
    getShopSettings(),
    getWebhookSecretStatus(),
    getStaffTwoFactorMode(),
    getCodesInEmail(),
    isOwner ? loadGoLiveChecklist() : null,
    isOwner ? loadAlertSettings() : null,
    getReceiptSettings(),
  ]);
  return (
    <>
      <AdminPageHeader title="Settings" description={isOwner ? undefined : "Only the owner can change settings."} />
      {checklist ? (
        <section className={section} aria-labelledby="go-live">
          <h2 id="go-live" className="mb-1 text-lg font-semibold">
            Go-live checklist
          </h2>
          <p className="mb-3 text-sm text-slate-700">
            What a shop needs before real shoppers pay. Each red item says what to change.
          </p>
          <GoLiveChecklist items={checklist} />
        </section>
      ) : null}
      <section className={section} aria-labelledby="shop">
        <h2 id="shop" className="mb-3 text-lg font-semibold">
          Shop
        </h2>
        <SettingsForm settings={settings} canWrite={isOwner} />
        <p className="mt-3 text-xs text-slate-500">
          Stored settings override the environment defaults (SHOP_NAME, and {settings.currency} from SHOP_CURRENCY, the
          upstream wallet&apos;s currency, which prices are always in).
        </p>
      </section>
      {alerts ? (
        <section className={section} aria-labelledby="alerts">
          <h2 id="alerts" className="mb-1 text-lg font-semibold">
            Alerts
          </h2>
          <p className="mb-3 text-sm text-slate-700">
            Sent to owners by email once when something goes wrong, again while it lasts, and once more when it is over.
            Each owner chooses their own.{" "}
            {alerts.webhookConfigured
              ? "Every alert is also posted, signed, to the chat webhook (ALERT_WEBHOOK_URL)."
              : "Set ALERT_WEBHOOK_URL and ALERT_WEBHOOK_SECRET to post them to a chat tool as well."}{" "}
            <Link href="/admin/outbox" className="font-medium text-brand-700 underline">
              Sent emails
            </Link>
          </p>
          <AlertChoicesForm view={alerts} />
        </section>
      ) : null}
      <section className={section} aria-labelledby="receipts">
        <h2 id="receipts" className="mb-1 text-lg font-semibold">
          Receipts
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          Every paid order has a printable receipt, linked from the order page and the order email. It shows the shop
          name above, these details, and a tax line when a rate is set.
        </p>
        <ReceiptSettingsForm settings={receipt} canWrite={isOwner} />
      </section>
      <section className={section} aria-labelledby="markup">
        <h2 id="markup" className="mb-1 text-lg font-semibold">
          Markup defaults
        </h2>
        <p className="text-sm text-slate-700">
          The global pricing rule is the shop&apos;s default markup; narrower rules override it.{" "}
          <Link href="/admin/pricing" className="font-medium text-brand-700 underline">
            Edit pricing rules
          </Link>
        </p>
      </section>
      <section className={section} aria-labelledby="secrets">
        <h2 id="secrets" className="mb-2 text-lg font-semibold">
          Webhook signing secrets
        </h2>
        <ul className="mb-3 space-y-1 text-sm">
          <li>Current secret (UPSTREAM_WEBHOOK_SECRET): {yes(secrets.currentConfigured)}</li>
          <li>Previous secret (UPSTREAM_WEBHOOK_SECRET_PREVIOUS): {yes(secrets.previousConfigured)}</li>
          <li>
            Rotation window ends (UPSTREAM_WEBHOOK_PREVIOUS_UNTIL): {secrets.previousUntil ?? "not set"}
            {secrets.previousConfigured
              ? secrets.previousActive
                ? " — the previous secret is still accepted"
                : " — the previous secret is no longer accepted"
              : null}
          </li>
        </ul>
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer font-medium">How to rotate the secret</summary>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>Generate the new secret in the upstream dashboard, but do not activate it yet.</li>
            <li>
              In the shop&apos;s environment set UPSTREAM_WEBHOOK_SECRET_PREVIOUS to the current (old) secret,
              UPSTREAM_WEBHOOK_PREVIOUS_UNTIL to an ISO date a little after you will switch (e.g. one day ahead), and
              UPSTREAM_WEBHOOK_SECRET to the new secret.
            </li>
            <li>Restart the shop: deliveries signed with either secret are now accepted.</li>
            <li>
              Activate the new secret upstream. Retries of older deliveries still verify with the previous secret until
              the window ends.
            </li>
            <li>
              After the window ends, remove the two _PREVIOUS variables and restart. Without an end date the previous
              secret is never accepted.
            </li>
          </ol>
        </details>
      </section>
      <section className={section} aria-labelledby="security">
        <h2 id="security" className="mb-1 text-lg font-semibold">
          Security
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          Owners always sign in with two-factor codes. Your own codes and recovery codes:{" "}
          <Link href="/admin/security" className="font-medium text-brand-700 underline">
            Your sign-in security
          </Link>
          .
        </p>
        <TwoFactorModeForm mode={twoFactorMode} canWrite={isOwner} />
      </section>
      <section className={section} aria-labelledby="email">
        <h2 id="email" className="mb-1 text-lg font-semibold">
          Email
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          {env.SMTP_URL
            ? `Sent through ${describeSmtp(env.SMTP_URL)} from ${env.MAIL_FROM} by the outbox worker.`
            : "SMTP_URL is not set: emails are kept in the outbox and not sent."}{" "}
          <Link href="/admin/outbox" className="font-medium text-brand-700 underline">
            Outbox
          </Link>
        </p>
        <SmtpCheck canRun={can(user, "outbox.retry")} />
        <div className="mt-4">
          <CodesInEmailForm enabled={codesInEmail} canWrite={isOwner} />
        </div>
      </section>
      <section className={section} aria-labelledby="upstream">
        <h2 id="upstream" className="mb-1 text-lg font-semibold">
          Upstream connection
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          {env.UPSTREAM_BASE_URL}
          {env.SANDBOX_ENABLED ? " (the built-in sandbox)" : ""}. The test calls GET / once (it counts against the
          request budget) and shows the api_version.
        </p>
        <ConnectionTest canRun={can(user, "sync.run")} />
      </section>
    </>
  );
}
