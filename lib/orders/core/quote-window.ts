// The quote window's bounds (docs/money-rules.md#m5): how long a checked supplier price is
// trusted before a checkout or a purchase asks the upstream again. Pure, so the owner's settings
// form checks the same bounds in the browser; the stored value is read by money-settings.ts.

/** 60 s: a supplier price rise can be bought at a loss only inside it. */
export const DEFAULT_QUOTE_WINDOW_SECONDS = "60";
/** Past five minutes a delayed card or an open payment page would buy at any old price. */
export const maxQuoteWindowSeconds = 300;

/** Whether `value` is whole seconds within 0–maxQuoteWindowSeconds. */
export function isQuoteWindowSeconds(value: string): boolean {
  return /^\d{1,3}$/.test(value) && Number(value) <= maxQuoteWindowSeconds;
}

/** The stored quote window in seconds, or the default when it is missing or out of bounds. */
export function parseQuoteWindowSeconds(value: string | undefined): number {
  return Number(value !== undefined && isQuoteWindowSeconds(value) ? value : DEFAULT_QUOTE_WINDOW_SECONDS);
}
