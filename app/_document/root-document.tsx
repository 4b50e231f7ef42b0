// The document both root layouts render (app/(catalog) and app/(request)): the app's route tree
// has two roots, so that moving between a cached catalog page and a page rendered per request is
// a full page load and each document keeps its own policy (docs/storefront.md#cached-catalog-pages).
import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { DemoBanner } from "@/components/ui/demo-banner";
import { env } from "@/lib/env";
import { clientMessages, type DocumentRoot } from "@/lib/i18n/client-messages";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

/** The site's title and description in the page's language (`lang`; English for one not shipped). */
export async function rootMetadata(lang: string): Promise<Metadata> {
  const t = await getTranslations({ locale: isLocale(lang) ? lang : defaultLocale, namespace: "site" });
  return {
    title: { default: `${env.SHOP_NAME} — ${t("tagline")}`, template: `%s · ${env.SHOP_NAME}` },
    description: t("description"),
    icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } },
  };
}

export const rootViewport: Viewport = { width: "device-width", initialScale: 1 };

type Props = {
  children: React.ReactNode;
  lang: string;
  dir: "ltr" | "rtl";
  /** Whose client code the page renders, and so which messages it passes (lib/i18n/client-messages.ts). */
  root: DocumentRoot;
};

export async function RootDocument({ children, lang, dir, root }: Props) {
  // Only the namespaces this root's client code reads; the rest stays on the server.
  const messages = clientMessages(await getMessages(), root);
  // Pages render at run time, never from the build, so the demo banner follows the running configuration.
  return (
    <html lang={lang} dir={dir}>
      <body className="min-h-screen">
        {/* The render's language, time zone and the client's part of its messages (i18n/request.ts). */}
        <NextIntlClientProvider messages={messages}>
          {env.DEMO_MODE ? <DemoBanner shopName={env.SHOP_NAME} /> : null}
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
