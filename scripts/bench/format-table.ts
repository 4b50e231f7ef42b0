// A plain-text table for the bench report: text columns left, numbers right.
export function formatTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  // Text columns align left, numeric ones right.
  const numeric = header.map((_, i) => cells.slice(1).every((r) => /^[-\d.,/ ]*$/.test(r[i] ?? "")));
  const line = (r: string[]) => r.map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  return [line(cells[0]), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}
