// Regions on the family page: their shopper-facing names and which one to open by default
// (the shopper's, from the browser's language or the CDN's country header, where known). Pure.

const regionNames: Record<string, string> = {
  US: "United States",
  EU: "Europe",
  UK: "United Kingdom",
  GB: "United Kingdom",
  CA: "Canada",
  AU: "Australia",
  BR: "Brazil",
  IN: "India",
  GLOBAL: "Global",
};

/** "EU" → "Europe"; unknown regions are shown as sent. */
export function getRegionLabel(region: string): string {
  return regionNames[region.toUpperCase()] ?? region;
}

/** Languages whose main country is a safe guess when the browser names no country ("de" → DE). */
const languageCountry: Record<string, string> = {
  de: "DE",
  fr: "FR",
  es: "ES",
  it: "IT",
  nl: "NL",
  pt: "PT",
  pl: "PL",
  sv: "SE",
  da: "DK",
  fi: "FI",
  ja: "JP",
  ko: "KR",
  hi: "IN",
  id: "ID",
  th: "TH",
  vi: "VN",
  tr: "TR",
  ru: "RU",
  uk: "UA",
};

/**
 * Countries the shopper is probably in, most likely first: a CDN's country header, then the
 * country of each Accept-Language tag by weight ("en-GB" → GB), then a language's main country.
 * Plain "en" says nothing about the country and adds none.
 */
export function preferredCountries(acceptLanguage: string | null | undefined, cdnCountry?: string | null): string[] {
  const out: string[] = [];
  const add = (c: string | undefined) => {
    const code = c?.toUpperCase();
    if (code && /^[A-Z]{2}$/.test(code) && code !== "XX" && !out.includes(code)) out.push(code);
  };
  add(cdnCountry ?? undefined);
  const tags = (acceptLanguage ?? "")
    .split(",")
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? "1",
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((t) => t.tag && t.tag !== "*" && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of tags)
    add(
      tag
        .split("-")
        .slice(1)
        .find((s) => /^[A-Za-z]{2}$/.test(s)),
    );
  for (const { tag } of tags) add(languageCountry[tag.split("-")[0].toLowerCase()]);
  return out;
}

export type RegionCountries = { region: string; countries: string[]; skuCount: number };

/**
 * The region to open: the first preferred country that a region sells to (a region named like
 * the country wins, "UK" for GB included), else a global region, else the one with most values.
 */
export function chooseDefaultRegion(regions: RegionCountries[], preferred: string[]): string | null {
  if (regions.length === 0) return null;
  for (const country of preferred) {
    const named = regions.find(
      (r) => r.region.toUpperCase() === country || (country === "GB" && r.region.toUpperCase() === "UK"),
    );
    if (named) return named.region;
    const selling = regions.filter((r) => r.countries.includes(country) && r.region.toUpperCase() !== "GLOBAL");
    if (selling.length > 0) return [...selling].sort((a, b) => a.countries.length - b.countries.length)[0].region;
  }
  const global = regions.find((r) => r.region.toUpperCase() === "GLOBAL");
  if (global) return global.region;
  return [...regions].sort((a, b) => b.skuCount - a.skuCount || a.region.localeCompare(b.region))[0].region;
}
