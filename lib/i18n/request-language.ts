// The language of the request a server action answers (docs/markets.md#urls): the proxy names it
// in a header from the URL's prefix. Outside a request (a job, a test) it is English. Account
// emails sent from an action are written in it (lib/auth).
import "server-only";
import { headers } from "next/headers";
import { defaultLocale, isLocale, localeHeader, type Locale } from "./locales";

export async function requestLanguage(): Promise<Locale> {
  try {
    const sent = (await headers()).get(localeHeader);
    return isLocale(sent) ? sent : defaultLocale;
  } catch {
    return defaultLocale;
  }
}
