// A labelled figure on the dashboard; `tone="warning"` for things that need attention.
export function StatCard({
  label,
  value,
  hint,
  tone = "neutral",
  children,
}: {
  label: string;
  value: React.ReactNode;
  hint?: React.ReactNode;
  tone?: "neutral" | "warning";
  children?: React.ReactNode;
}) {
  const ring = tone === "warning" ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white";
  return (
    <section className={`rounded-lg border p-4 ${ring}`}>
      <h2 className="text-sm font-medium text-slate-600">{label}</h2>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{value}</p>
      {hint ? <div className="mt-1 text-sm text-slate-600">{hint}</div> : null}
      {children}
    </section>
  );
}
