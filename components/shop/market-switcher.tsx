"use client";
// The header's market and language switcher (docs/markets.md#urls): lists the enabled markets
// and their languages and opens the same page under the other prefix (a full page load: each
// market's pages are their own cached documents). Choosing one remembers it in the market cookie.
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { marketCookieString } from "@/lib/http/first-visit";
import { pathWithoutPrefix, publicUrl, type UrlMarket } from "@/lib/http/market-url";

type SwitchMarket = UrlMarket & { name: string; currency: string | null };

const languageNames: Record<string, string> = {
  en: "English",
  id: "Bahasa Indonesia",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  ar: "العربية",
};

/** The market and language of the page now open, read from its URL. */
function current(markets: SwitchMarket[], pathname: string): { market: SwitchMarket; lang: string } | null {
  const parts = pathname.split("/");
  const named = markets.find((m) => m.slug === parts[1]);
  const market = named ?? markets.find((m) => m.isDefault);
  if (!market) return null;
  const lang = named && parts[2] && market.languages.includes(parts[2]) ? parts[2] : market.languages[0];
  return { market, lang };
}

export function MarketSwitcher() {
  const [{ markets, pathname }, setState] = useState<{ markets: SwitchMarket[]; pathname: string }>({
    markets: [],
    pathname: "/",
  });
  const id = useId();
  const t = useTranslations("site");
  useEffect(() => {
    let live = true;
    fetch("/api/markets")
      .then((r) => (r.ok ? r.json() : { markets: [] }))
      .then((body: { markets: SwitchMarket[] }) => {
        if (live) setState({ markets: body.markets, pathname: window.location.pathname });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const here = current(markets, pathname);
  if (markets.length < 2 && (markets[0]?.languages.length ?? 0) < 2) return null;
  if (!here) return null;
  const value = `${here.market.slug}|${here.lang}`;
  const go = (choice: string) => {
    const [slug, lang] = choice.split("|");
    const target = markets.find((m) => m.slug === slug);
    if (!target) return;
    document.cookie = marketCookieString(slug);
    window.location.assign(publicUrl(target, lang, pathWithoutPrefix(pathname, markets)) + window.location.search);
  };
  return (
    <div className="flex items-center">
      <label htmlFor={id} className="sr-only">
        {t("marketAndLanguage")}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => go(e.target.value)}
        className="max-w-36 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm sm:max-w-none"
      >
        {markets.map((m) => (
          <optgroup key={m.slug} label={m.currency ? `${m.name} (${m.currency})` : m.name}>
            {m.languages.map((lang) => (
              <option key={lang} value={`${m.slug}|${lang}`}>
                {`${m.name} — ${languageNames[lang] ?? lang}`}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
