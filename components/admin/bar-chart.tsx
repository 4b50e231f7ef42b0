// A dependency-free SVG bar chart (sales per day, margin overlaid). Values are decimal strings;
// converting to numbers here is for drawing only, never for money arithmetic.
export function BarChart({
  title,
  bars,
}: {
  title: string;
  bars: { label: string; value: string; overlay?: string }[];
}) {
  const max = Math.max(1, ...bars.map((b) => Number(b.value)));
  const w = 600;
  const h = 160;
  const step = w / Math.max(1, bars.length);
  return (
    <figure>
      <svg viewBox={`0 0 ${w} ${h + 20}`} role="img" aria-label={title} className="h-48 w-full">
        <title>{title}</title>
        {bars.map((b, i) => {
          const bh = (Number(b.value) / max) * h;
          const oh = b.overlay ? (Math.max(0, Number(b.overlay)) / max) * h : 0;
          return (
            <g key={b.label}>
              <rect x={i * step + 2} y={h - bh} width={step - 4} height={bh} className="fill-slate-300">
                <title>{`${b.label}: ${b.value}${b.overlay ? ` (margin ${b.overlay})` : ""}`}</title>
              </rect>
              {oh > 0 ? (
                <rect x={i * step + 2} y={h - oh} width={step - 4} height={oh} className="fill-emerald-600" />
              ) : null}
              {i % 5 === 0 ? (
                <text x={i * step + step / 2} y={h + 14} textAnchor="middle" className="fill-slate-500 text-[10px]">
                  {b.label.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex gap-4 text-xs text-slate-600">
        <span>
          <span className="mr-1 inline-block h-2 w-3 bg-slate-300" />
          Sales
        </span>
        <span>
          <span className="mr-1 inline-block h-2 w-3 bg-emerald-600" />
          Margin
        </span>
      </figcaption>
    </figure>
  );
}
