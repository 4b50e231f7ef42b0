import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { describeStock, type StockFacts } from "@/lib/catalog/stock-wording";

// Offer and stock badges. The words come from lib/catalog/stock-wording (one decision everywhere).

export function OfferBadge({ percent, upTo = false }: { percent: string | null; upTo?: boolean }) {
  const t = useTranslations("catalog");
  if (percent === null) return null;
  return (
    <Badge tone="offer">{percent ? t(upTo ? "upToOff" : "off", { percent: trimPercent(percent) }) : t("offer")}</Badge>
  );
}

export function StockBadge(facts: StockFacts) {
  const t = useTranslations("catalog");
  const { level } = describeStock(facts);
  return (
    <Badge tone={level === "in_stock" ? "success" : "warning"} data-testid="stock-badge">
      {t(`stock.${level}`)}
    </Badge>
  );
}

function trimPercent(p: string): string {
  return p.includes(".") ? p.replace(/\.?0+$/, "") : p;
}
