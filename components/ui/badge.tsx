// Small status pill. Tones keep text/background contrast at WCAG AA.
const tones = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-200",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-200",
  offer: "bg-rose-600 text-white ring-rose-700",
  info: "bg-brand-50 text-brand-700 ring-brand-100",
} as const;

type BadgeProps = { tone?: keyof typeof tones; children: React.ReactNode; className?: string; "data-testid"?: string };

export function Badge({ tone = "neutral", children, className = "", "data-testid": testId }: BadgeProps) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
