import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminPageHeader } from "@/app/(request)/admin/_components";
import { describeEmailDelivery, EmailStatusBadge } from "@/components/admin/email-status";
import { formatTime } from "@/components/admin/format";
import { RetryEmailButton } from "@/components/admin/retry-email-button";
import { can } from "@/lib/auth/guards";
import { env } from "@/lib/env";
import { getOutboxEmail } from "@/lib/admin/outbox/list-emails";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";

export const metadata = { title: "Email" };

// One recorded email: where it stands with the outbox worker, and its text part (never codes).
// Links that open an order or an account are masked, and each view is recorded in the audit log
// (lib/admin/outbox/list-emails.ts).
export default async function AdminOutboxEmailPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await guardAdminPage("/admin/outbox/[id]");
  const email = await getOutboxEmail((await params).id);
  if (!email) notFound();
  return (
    <>
      <AdminPageHeader title={email.subject} description={`To ${email.to} · ${email.kind}`}>
        <Link
          href="/admin/outbox"
          className="rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100"
        >
          Back to the outbox
        </Link>
        {email.orderId ? (
          <Link
            href={`/admin/orders/${email.orderId}`}
            className="rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100"
          >
            Open the order
          </Link>
        ) : null}
      </AdminPageHeader>
      <section aria-label="Delivery" className="mb-4 space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <EmailStatusBadge status={email.status} />
          <span data-testid="email-delivery">{describeEmailDelivery(email, Boolean(env.SMTP_URL))}</span>
          <span className="text-slate-500">
            · {email.attempts} attempt{email.attempts === 1 ? "" : "s"} this round
            {email.lastAttemptAt ? `, last ${formatTime(email.lastAttemptAt)}` : ""}
          </span>
        </p>
        {email.error ? <p className="text-rose-700">Last error: {email.error}</p> : null}
        {email.status === "failed" && can(user, "outbox.retry") ? <RetryEmailButton emailId={email.id} /> : null}
      </section>
      <pre className="whitespace-pre-wrap rounded-lg [overflow-wrap:anywhere] border border-slate-200 bg-white p-4 font-sans text-sm text-slate-900">
        {email.text}
      </pre>
      <p className="mt-2 text-xs text-slate-500">
        Created {formatTime(email.createdAt)}. Links that open an order or an account are hidden from staff (resend the
        email instead), and this view is recorded in the audit log.
      </p>
    </>
  );
}
