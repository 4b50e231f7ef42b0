// The languages search understands (the shop's shipped languages, BCP 47). English is the
// default and its synonyms apply in every language: brands are international. Pure.
import { z } from "zod";

export const searchLanguages = ["en", "id", "es", "pt-BR", "ar"] as const;
export type SearchLanguage = (typeof searchLanguages)[number];
export const defaultSearchLanguage: SearchLanguage = "en";

export const searchLanguageSchema = z.enum(searchLanguages);

/** English names for staff pages, which stay in English. */
export const searchLanguageNames: Record<SearchLanguage, string> = {
  en: "English",
  id: "Bahasa Indonesia",
  es: "Spanish",
  "pt-BR": "Brazilian Portuguese",
  ar: "Arabic",
};

/** A language tag as search uses it; anything unknown reads as the default. */
export function toSearchLanguage(tag: string | null | undefined): SearchLanguage {
  const parsed = searchLanguageSchema.safeParse(tag);
  return parsed.success ? parsed.data : defaultSearchLanguage;
}
