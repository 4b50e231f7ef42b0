// Which language a render speaks (docs/markets.md#urls): the language the page set for itself
// (setRequestLocale, the catalog pages rendered once per market and language), else the one the
// proxy put on the request (pages rendered per request), else English. Only shipped languages
// count: anything else falls through to the next source. Pure.
import { defaultLocale, isLocale, type Locale } from "./locales";

/**
 * `fromPage` first, then `fromHeader` (read lazily, so a page that set its language never reads
 * the request and stays static), then English.
 */
export async function resolveLocale(
  fromPage: string | undefined,
  fromHeader: () => Promise<string | null | undefined>,
): Promise<Locale> {
  if (isLocale(fromPage)) return fromPage;
  const header = await fromHeader();
  return isLocale(header) ? header : defaultLocale;
}
