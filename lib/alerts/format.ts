// Words and figures for alert notices (plain strings: they go to email and chat alike).
import type { Prisma } from "@/lib/db";

/** "2026-11-25 12:00 UTC": one unambiguous form for every reader of an alert. */
export function formatWhen(d: Date): string {
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function formatAmount(x: Prisma.Decimal, currency: string | null): string {
  return `${x.toFixed(2)}${currency ? ` ${currency}` : ""}`;
}

/** "3 h 20 min", "45 min". */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  return minutes % 60 ? `${h} h ${minutes % 60} min` : `${h} h`;
}
