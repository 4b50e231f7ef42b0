"use client";
// The header's search field with suggestions as you type (families and item codes, typo-
// tolerant) from /api/search/suggest. Without JavaScript it is the plain GET form around it.
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { useTypedBeforeHydration } from "@/components/ui/use-typed-before-hydration";
import { useMarketPath } from "./market-path";

type Suggestion = { kind: "family" | "product"; label: string; detail: string; href: string };
type Answer = { query: string; searched: string; correctedFrom: string | null; suggestions: Suggestion[] };

const DEBOUNCE_MS = 120;

export function SearchBox({ inputClassName }: { inputClassName: string }) {
  const t = useTranslations("header");
  // Suggestions read the shopper's words in the page's language.
  const language = useLocale();
  // A suggestion opens in the page's market (docs/markets.md#urls).
  const { href, market } = useMarketPath();
  const router = useRouter();
  const listId = useId();
  const [text, setText] = useState("");
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const latest = useRef(0);
  const box = useRef<HTMLDivElement>(null);
  // Words typed before the page hydrated get their suggestions once it has.
  useTypedBeforeHydration(box, (typed) => {
    const words = typed.get("site-search");
    if (words === undefined) return;
    setText(words);
    setOpen(document.activeElement?.id === "site-search");
  });

  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) return;
    const ticket = ++latest.current;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ q, language });
      // The market: suggestions name only what it offers (docs/markets.md#the-products-a-market-offers).
      if (market) query.set("market", market);
      fetch(`/api/search/suggest?${query}`, { signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<Answer>) : null))
        .then((a) => {
          // Only the answer to the latest keystroke is shown.
          if (ticket === latest.current) {
            setAnswer(a);
            setActive(-1);
          }
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, language, market]);

  // Fewer than two letters: no suggestions (an older answer is not shown).
  const shown = text.trim().length < 2 ? null : answer;
  const items = shown?.suggestions ?? [];
  const expanded = open && items.length > 0;

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (!expanded) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      // -1 is the field itself: the list wraps through it.
      setActive((i) => (i + step >= items.length ? -1 : i + step < -1 ? items.length - 1 : i + step));
    } else if (e.key === "Enter" && active >= 0 && active < items.length) {
      e.preventDefault();
      setOpen(false);
      router.push(href(items[active].href));
    } else if (e.key === "Escape") {
      setOpen(false);
    }
  }

  return (
    <div ref={box} className="relative min-w-0 flex-1">
      <input
        id="site-search"
        name="q"
        type="search"
        maxLength={255}
        autoComplete="off"
        placeholder={t("placeholder")}
        className={inputClassName}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t("suggestions")}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white text-sm shadow-lg"
      >
        {shown?.correctedFrom ? (
          <li role="presentation" className="px-3 py-1.5 text-xs text-slate-600">
            {t("suggestionsFor", { query: shown.searched })}
          </li>
        ) : null}
        {items.map((s, i) => (
          <li key={s.href} id={`${listId}-${i}`} role="option" aria-selected={i === active}>
            {/* mousedown, not click: the input's blur would close the list before a click lands. */}
            <a
              href={href(s.href)}
              onMouseDown={(e) => {
                e.preventDefault();
                setOpen(false);
                router.push(href(s.href));
              }}
              className={`flex justify-between gap-3 px-3 py-2 ${i === active ? "bg-brand-50" : "hover:bg-slate-50"}`}
            >
              <span className="truncate font-medium text-slate-900">{s.label}</span>
              <span className="shrink-0 text-slate-600">{s.detail}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
