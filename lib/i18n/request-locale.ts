// The one place a cached catalog page tells the message catalogs its language
// (docs/markets.md#urls): a page under `[market]/[lang]` knows it from its path, so it must not
// read the request for it, or it would stop being cached. Once next-intl is installed this calls
// its `setRequestLocale(lang)`; until then it does nothing and every text is English.
import type { Locale } from "./locales";

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- kept for next-intl's setRequestLocale
export function useLocaleForRender(lang: Locale): void {}
