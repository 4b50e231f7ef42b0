import { Badge } from "@/components/ui/badge";

// Offer and stock badges. Stock comes from the cached catalog, so the wording never promises live stock.

export function OfferBadge({ percent }: { percent: string | null }) {
  if (percent === null) return null;
  return <Badge tone="offer">{percent ? `${trimPercent(percent)}% off` : "Offer"}</Badge>;
}

export function StockBadge({ inStock, long = false }: { inStock: boolean; long?: boolean }) {
  if (inStock) {
    return <Badge tone="success">{long ? "Usually in stock (checked at checkout)" : "In stock"}</Badge>;
  }
  return <Badge tone="warning">{long ? "Recently out of stock (checked at checkout)" : "Out of stock"}</Badge>;
}

function trimPercent(p: string): string {
  return p.includes(".") ? p.replace(/\.?0+$/, "") : p;
}
