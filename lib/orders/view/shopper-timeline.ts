// The order timeline in the shopper's words: each fact once. The order's own event already says
// "Payment … confirmed" or why it was cancelled, so the lines' moves out of awaiting payment
// ("Paid.", "Not charged.") are dropped; with several lines, a line's event names its product.
export type TimelineEvent = {
  createdAt: Date;
  message: string;
  kind?: string;
  lineId: string | null;
  fromStatus: string | null;
  toStatus: string | null;
};
export type TimelineEntry = { at: string; message: string };

/** Builds the shopper timeline from OrderEvent rows (oldest first). Pure. */
export function buildShopperTimeline(
  events: TimelineEvent[],
  lines: { id: string; productName: string }[],
): TimelineEntry[] {
  const names = new Map(lines.map((l) => [l.id, l.productName]));
  const out: TimelineEntry[] = [];
  for (const e of events) {
    if (e.kind === "staff_note") continue; // for staff only
    if (e.lineId && e.fromStatus === "awaiting_payment") continue;
    const name = e.lineId && lines.length > 1 ? names.get(e.lineId) : undefined;
    const message = name && !e.message.includes(name) ? `${name}: ${e.message}` : e.message;
    if (out.at(-1)?.message === message) continue;
    out.push({ at: e.createdAt.toISOString(), message });
  }
  return out;
}
