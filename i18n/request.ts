// next-intl's request configuration: the language of this render and its messages. A catalog
// page names its language (setRequestLocale) and so is never made to read the request; a page
// rendered per request gets it from the proxy's header (lib/i18n/locales.ts, localeHeader).
import "server-only";
import { headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { localeHeader } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";
import { resolveLocale } from "@/lib/i18n/resolve-locale";

export default getRequestConfig(async ({ requestLocale, locale: explicit }) => {
  const locale = await resolveLocale(explicit ?? (await requestLocale), async () =>
    (await headers()).get(localeHeader),
  );
  return { locale, messages: messagesFor(locale) };
});
