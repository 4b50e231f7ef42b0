// Money as integer cents: parse/format decimal strings without binary-float drift.

/** "12.5" → 1250; throws on anything that is not a non-negative decimal with ≤ 2 places. */
export function parseCents(value: string): number {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw new Error(`invalid decimal amount: ${value}`);
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

/** 1250 → "12.50". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** 1250 → 12.5 (the wire's JSON number form; exact for two-decimal values). */
export function centsToNumber(cents: number): number {
  return Number(formatCents(cents));
}
