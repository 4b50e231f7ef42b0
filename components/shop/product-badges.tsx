import { Badge } from "@/components/ui/badge";
import { describeStock, type StockFacts } from "@/lib/catalog/stock-wording";

// Offer and stock badges. The words come from lib/catalog/stock-wording (one decision everywhere).

export function OfferBadge({ percent, upTo = false }: { percent: string | null; upTo?: boolean }) {
  if (percent === null) return null;
  return <Badge tone="offer">{percent ? `${upTo ? "Up to " : ""}${trimPercent(percent)}% off` : "Offer"}</Badge>;
}

export function StockBadge(facts: StockFacts) {
  const { level, label } = describeStock(facts);
  return (
    <Badge tone={level === "in_stock" ? "success" : "warning"} data-testid="stock-badge">
      {label}
    </Badge>
  );
}

function trimPercent(p: string): string {
  return p.includes(".") ? p.replace(/\.?0+$/, "") : p;
}
