"use client";
import { useTranslations } from "next-intl";

// On every page of a deliberate demo (DEMO_MODE=true): nobody may mistake it for a shop. A
// labelled landmark at the top, text that wraps on a phone, AA contrast, in the page's language
// (a client component, so it reads the layout's messages whatever the page renders apart).
export function DemoBanner({ shopName }: { shopName: string }) {
  const t = useTranslations("demo");
  return (
    <aside
      aria-label={t("label")}
      data-testid="demo-banner"
      className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950"
    >
      <p className="mx-auto max-w-3xl break-words">
        {t.rich("text", {
          shop: shopName,
          card: "4242\u00a04242\u00a04242\u00a04242",
          strong: (chunks) => <strong className="font-semibold">{chunks}</strong>,
        })}
      </p>
    </aside>
  );
}
