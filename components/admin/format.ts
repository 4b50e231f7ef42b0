// Small formatting helpers for admin pages (no money arithmetic here).

/** "3 h 12 min" style age from milliseconds. */
export function formatAge(ms: number): string {
  const min = Math.floor(ms / 60_000);
  if (min < 1) return "under a minute";
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ${min % 60} min`;
  return `${Math.floor(h / 24)} days`;
}

/** ISO-like UTC timestamp, short and unambiguous for staff in any timezone. */
export function formatTime(d: Date | null | undefined): string {
  return d ? d.toISOString().replace("T", " ").slice(0, 19) + " UTC" : "—";
}
