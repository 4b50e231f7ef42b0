// One CSV cell, safe to open in a spreadsheet. Pure, so it is unit-tested on its own.

/** Quotes a CSV cell and defuses spreadsheet formulas (=, +, -, @, tab, CR at the start). */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r']/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
