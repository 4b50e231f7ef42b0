import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminPageHeader } from "@/app/admin/_components";
import { formatTime } from "@/components/admin/format";
import { getOutboxEmail } from "@/lib/admin/outbox/list-emails";
import { guardAdminPage } from "@/app/admin/_components/page-guard";

export const metadata = { title: "Email" };

// One recorded email as plain text (never codes in it). Links that open an order or an account
// are masked, and each view is recorded in the audit log (lib/admin/outbox/list-emails.ts).
export default async function AdminOutboxEmailPage({ params }: { params: Promise<{ id: string }> }) {
  await guardAdminPage();
  const email = await getOutboxEmail((await params).id);
  if (!email) notFound();
  return (
    <>
      <AdminPageHeader title={email.subject} description={`To ${email.to} · ${email.kind} · ${email.status}${email.sentAt ? ` ${formatTime(email.sentAt)}` : ""}`}>
        <Link href="/admin/outbox" className="rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100">Back to the outbox</Link>
        {email.orderId ? <Link href={`/admin/orders/${email.orderId}`} className="rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100">Open the order</Link> : null}
      </AdminPageHeader>
      {email.error ? <p className="mb-3 text-sm text-rose-700">Send error: {email.error}</p> : null}
      <pre className="whitespace-pre-wrap rounded-lg [overflow-wrap:anywhere] border border-slate-200 bg-white p-4 font-sans text-sm text-slate-900">{email.text}</pre>
      <p className="mt-2 text-xs text-slate-500">
        Created {formatTime(email.createdAt)}. Links that open an order or an account are hidden from staff (resend the email instead), and this view is recorded in the audit log.
      </p>
    </>
  );
}
