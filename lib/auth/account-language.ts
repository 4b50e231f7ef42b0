// The language an account's emails are written in (docs/markets.md#languages): the holder's
// recorded one (User.locale: the page's language at sign-up, updated at each sign-in), else the
// language of the page the email was asked from, else English.
import "server-only";
import { db } from "@/lib/db";
import { defaultLocale, isLocale, type Locale } from "@/lib/i18n/locales";

/** The language of `userId`'s emails; `asked`: the asking page's language, if any. */
export async function accountLanguage(userId: string, asked?: string): Promise<Locale> {
  const row = await db.user.findUnique({ where: { id: userId }, select: { locale: true } });
  if (isLocale(row?.locale)) return row.locale;
  return isLocale(asked) ? asked : defaultLocale;
}

/** The columns that record `locale` as the holder's language: nothing for a value not shipped. */
export function accountLanguageData(locale: unknown): { locale?: Locale } {
  return isLocale(locale) ? { locale } : {};
}
