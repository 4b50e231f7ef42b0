"use client";
// "Recently viewed": family pages this browser opened, kept in localStorage (nothing is sent to
// the server). The family page records itself; the home page lists them (artwork and name only:
// prices change, and a stored price would soon be wrong).
import { MarketLink as Link } from "./market-link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { familyHref } from "@/lib/catalog/family-href";
import { imageSrc } from "@/lib/images/image-url";

export type RecentEntry = { slug: string; name: string; imageKey: string; brand: string };

const storageKey = "recently-viewed";
const maxEntries = 8;

function readRecent(): RecentEntry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (e): e is RecentEntry =>
          typeof e?.slug === "string" && typeof e?.name === "string" && typeof e?.imageKey === "string",
      )
      .slice(0, maxEntries);
  } catch {
    return [];
  }
}

/** Records a family page view (most recent first, no duplicates). Renders nothing. */
export function RecordRecentlyViewed({ entry }: { entry: RecentEntry }) {
  useEffect(() => {
    try {
      const next = [entry, ...readRecent().filter((e) => e.slug !== entry.slug)].slice(0, maxEntries);
      localStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // storage off: nothing to remember
    }
  }, [entry]);
  return null;
}

/** The home page's shelf; hidden until this browser has viewed something. */
export function RecentlyViewed() {
  const t = useTranslations("product");
  const [items, setItems] = useState<RecentEntry[]>([]);
  // localStorage is only readable in the browser, after hydration: hence an effect.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setItems(readRecent()), []);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recent-heading">
      <h2 id="recent-heading" className="text-xl font-bold">
        {t("recent")}
      </h2>
      <ul className="mt-4 flex gap-3 overflow-x-auto pb-2" data-testid="recently-viewed">
        {items.map((e) => (
          <li key={e.slug} className="w-32 shrink-0">
            <Link
              href={familyHref(e.slug)}
              className="block rounded-lg border border-slate-200 bg-white p-2 text-sm font-medium hover:border-brand-500"
            >
              <span className="relative block aspect-[4/3] overflow-hidden rounded bg-slate-100">
                {e.imageKey ? (
                  // eslint-disable-next-line @next/next/no-img-element -- the shop's own image route
                  <img
                    src={imageSrc(e.imageKey, 160)}
                    alt=""
                    width={160}
                    height={120}
                    loading="lazy"
                    className="absolute inset-0 h-full w-full object-cover"
                  />
                ) : null}
              </span>
              <span className="mt-1 block truncate">{e.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
