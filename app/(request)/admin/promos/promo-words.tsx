// How staff read a code: its discount, its dates and its state, in one place for list and detail.
import { Badge } from "@/components/ui/badge";
import { formatTime } from "@/components/admin/format";
import type { PromoView } from "@/lib/admin/promos/list-promos";
import type { PromoStatus } from "@/lib/promos/promo-status";

export function describeDiscount(p: Pick<PromoView, "kind" | "value" | "currency">): string {
  return p.kind === "percent" ? `${p.value.replace(/\.00$/, "")} % off` : `${p.value} ${p.currency} off`;
}

export function describeWindow(p: Pick<PromoView, "startsAt" | "endsAt">): string {
  if (!p.startsAt && !p.endsAt) return "Any time";
  if (!p.endsAt) return `From ${formatTime(p.startsAt)}`;
  if (!p.startsAt) return `Until ${formatTime(p.endsAt)}`;
  return `${formatTime(p.startsAt)} – ${formatTime(p.endsAt)}`;
}

const tone: Record<PromoStatus, "success" | "info" | "neutral" | "warning"> = {
  active: "success",
  scheduled: "info",
  expired: "neutral",
  "used up": "warning",
  disabled: "neutral",
};

export function PromoStatusBadge({ status }: { status: PromoStatus }) {
  return <Badge tone={tone[status]}>{status}</Badge>;
}
