// The help and policy pages the shop has, by URL slug (docs/markets.md#languages). Pure.
export const contentPageSlugs = ["help", "contact", "terms", "privacy", "refund-policy"] as const;
export type ContentPageSlug = (typeof contentPageSlugs)[number];

export function isContentPageSlug(slug: string): slug is ContentPageSlug {
  return (contentPageSlugs as readonly string[]).includes(slug);
}
