// An outbox email's delivery state for staff: the status pill and one line on where it stands.
import { Badge } from "@/components/ui/badge";
import { formatTime } from "./format";

type Email = { status: string; attempts: number; nextAttemptAt: Date; sentAt: Date | null };

const tones = { sent: "success", failed: "warning", sending: "info", outbox: "neutral" } as const;

/** sent / failed / sending / outbox as a coloured pill. */
export function EmailStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[status as keyof typeof tones] ?? "neutral"}>{status}</Badge>;
}

/** "Sent 2026-…", "Attempt 2 failed; next try 2026-…", "Gave up after 6 attempts"… */
export function describeEmailDelivery(e: Email, smtpConfigured: boolean): string {
  if (e.status === "sent") return `Sent ${formatTime(e.sentAt)}`;
  if (e.status === "failed") return `Gave up after ${e.attempts} attempt${e.attempts === 1 ? "" : "s"}`;
  if (e.status === "sending") return `Being sent (attempt ${e.attempts})`;
  if (!smtpConfigured) return "Not sent: no SMTP configured";
  return e.attempts === 0
    ? "Waiting to be sent"
    : `Attempt ${e.attempts} failed; next try ${formatTime(e.nextAttemptAt)}`;
}
