// A product region's name in the page's language. English keeps the shop's own names
// (lib/catalog/regions.ts: "Europe", "Global"); another language names a country or the EU with
// Intl.DisplayNames ("Amerika Serikat", "المملكة المتحدة"), GLOBAL as the world, and any other
// code as the shop names it.
const displayCode: Record<string, string> = { UK: "GB", GLOBAL: "001" };

export function regionWords(locale: string, region: string, englishLabel: string): string {
  if (locale === "en" || locale.startsWith("en-")) return englishLabel;
  const upper = region.toUpperCase();
  const code = displayCode[upper] ?? upper;
  if (!/^(?:[A-Z]{2}|\d{3})$/.test(code)) return englishLabel;
  try {
    return new Intl.DisplayNames([locale], { type: "region", fallback: "none" }).of(code) ?? englishLabel;
  } catch {
    return englishLabel;
  }
}
