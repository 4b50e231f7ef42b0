import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminPageHeader } from "@/app/(request)/admin/_components";
import { Badge } from "@/components/ui/badge";
import { getWebhookPayload } from "@/lib/admin/webhooks/list-deliveries";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";

export const metadata = { title: "Webhook delivery" };

/** Like the other admin times (UTC, no "T"), but with milliseconds: receive → process gaps matter here. */
const preciseTime = (d: Date) => d.toISOString().replace("T", " ").replace("Z", " UTC");

// One delivery as received: its outcome, headers (credentials were dropped on receipt) and body.
export default async function AdminWebhookDeliveryPage({ params }: { params: Promise<{ id: string }> }) {
  await guardAdminPage("/admin/webhooks/[id]");
  const d = await getWebhookPayload((await params).id);
  if (!d) notFound();
  const facts: [string, React.ReactNode][] = [
    [
      "Status",
      <Badge key="s" tone={d.status === "rejected" || d.status === "error" ? "warning" : "neutral"}>
        {d.status}
      </Badge>,
    ],
    ["Reason", d.reason ?? "—"],
    ["Event", d.event ?? "—"],
    ["Delivery id", d.deliveryId ?? "—"],
    ["Upstream order", d.upstreamOrderId ?? "—"],
    ["Verified with", d.secretUsed ? `${d.secretUsed} secret` : "—"],
    ["Received", preciseTime(d.receivedAt)],
    ["Processed", d.processedAt ? preciseTime(d.processedAt) : "—"],
    ["Body size", `${d.bodyBytes} bytes`],
  ];
  return (
    <>
      <AdminPageHeader title="Webhook delivery" description={d.id}>
        <Link
          href="/admin/webhooks"
          className="rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100"
        >
          Back to the log
        </Link>
      </AdminPageHeader>
      <dl className="mb-6 grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-[max-content_1fr]">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-slate-600">{k}</dt>
            <dd className="break-words text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mb-2 text-lg font-semibold">Headers</h2>
      <pre className="mb-6 overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs text-slate-100">{d.headersPretty}</pre>
      <h2 className="mb-2 text-lg font-semibold">Body</h2>
      <pre className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs text-slate-100">{d.bodyPretty}</pre>
    </>
  );
}
