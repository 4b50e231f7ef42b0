// The shop's own pages (help, contact, terms, privacy, refund policy): Markdown that owners edit
// in the admin, one version per language (docs/markets.md#languages). Until an owner saves one, a
// sensible default is shown, so the footer never links to an empty page; a language with neither
// its own version nor a default shows the English page, marked as such.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import { renderMarkdown } from "./markdown";
import { translatedDefaults } from "./translated-defaults";

import { contentPageSlugs, type ContentPageSlug } from "./slugs";

export { contentPageSlugs, isContentPageSlug, type ContentPageSlug } from "./slugs";

const defaults: Record<ContentPageSlug, { title: string; body: (shop: string) => string }> = {
  help: {
    title: "Help",
    body: (shop) => `## Where is my order?

Open the link in your order email. Lost it? Use [Find my order](/orders/find) with your email and the order reference (like GF-7K3P9Q).

## My code does not work

Check the region of the card matches your account, then follow the redemption steps on your order page. Still stuck? [Contact us](/contact) with your order reference.

## My top-up did not arrive

Top-ups are credited to the account you entered. If your order page says *Delivered* but the balance has not changed after a few minutes, [contact us](/contact).

## Refunds

If we cannot deliver an item, ${shop} refunds it automatically. See the [refund policy](/refund-policy).`,
  },
  contact: {
    title: "Contact us",
    body: (
      shop,
    ) => `Write to the ${shop} team and quote your **order reference** (like GF-7K3P9Q) so we can find your order at once.

We answer within one working day.`,
  },
  terms: {
    title: "Terms of sale",
    body: (shop) => `These terms apply to every purchase from ${shop}.

1. Prices are shown in the shop's currency and confirmed at checkout before you pay.
2. Codes are delivered on your order page and by email; top-ups are credited to the account you enter.
3. Digital codes cannot be returned once revealed, except where the law says otherwise.`,
  },
  privacy: {
    title: "Privacy",
    body: (shop) => `${shop} keeps only what an order needs: your email, what you bought and the payment's result.

- Card details are handled by the payment provider, never stored by us.
- Codes and top-up account details are stored encrypted.
- We never sell your data.`,
  },
  "refund-policy": {
    title: "Refund policy",
    body: (shop) => `If an item cannot be delivered, ${shop} refunds it in full to your payment method, automatically.

A code that was delivered and revealed cannot be refunded unless it is faulty: [contact us](/contact) with your order reference.`,
  },
};

export type ContentPage = {
  slug: ContentPageSlug;
  /** The language the page is written in: the one asked for, or English when it has no version. */
  locale: Locale;
  title: string;
  body: string;
  html: string;
  updatedAt: Date | null;
};

type Version = { title: string; body: string; updatedAt: Date | null };

/** The saved version of a page in one language, else that language's default; null: none. */
async function versionIn(slug: ContentPageSlug, locale: Locale): Promise<Version | null> {
  const row = await db.contentPage.findUnique({ where: { slug_locale: { slug, locale } } });
  if (row) return { title: row.title, body: row.body, updatedAt: row.updatedAt };
  const fallback = locale === defaultLocale ? defaults[slug] : translatedDefaults[locale]?.[slug];
  return fallback ? { title: fallback.title, body: fallback.body(env.SHOP_NAME), updatedAt: null } : null;
}

/** A page as shoppers see it in `locale`: its version there, else English's (`locale` says which). */
export async function getContentPage(slug: ContentPageSlug, locale: Locale = defaultLocale): Promise<ContentPage> {
  const own = await versionIn(slug, locale);
  const shown = own ?? (await versionIn(slug, defaultLocale))!;
  return { slug, locale: own ? locale : defaultLocale, ...shown, html: renderMarkdown(shown.body) };
}

/** Every page with its English title, last edit and the languages it has its own version in, for the admin's list. */
export async function listContentPages(): Promise<
  { slug: ContentPageSlug; title: string; updatedAt: Date | null; locales: string[] }[]
> {
  const rows = await db.contentPage.findMany({ select: { slug: true, locale: true, title: true, updatedAt: true } });
  return contentPageSlugs.map((slug) => {
    const row = rows.find((r) => r.slug === slug && r.locale === defaultLocale);
    const locales = rows.filter((r) => r.slug === slug).map((r) => r.locale);
    return { slug, title: row?.title ?? defaults[slug].title, updatedAt: row?.updatedAt ?? null, locales };
  });
}

/** The footer's links, in order. */
export const footerPages: { slug: ContentPageSlug; label: string }[] = [
  { slug: "help", label: "Help" },
  { slug: "contact", label: "Contact" },
  { slug: "terms", label: "Terms" },
  { slug: "privacy", label: "Privacy" },
  { slug: "refund-policy", label: "Refund policy" },
];
