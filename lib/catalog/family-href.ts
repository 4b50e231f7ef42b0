// Family page URLs: stable and shareable, with the region and the value in the query string
// (/f/steam-game-card?region=EU&value=20). Pure, so server and client components build the same.

export type FamilyUrlSelection = { region?: string | null; value?: string | null; item?: string | null };

/** The family page URL for a selection; empty parts are left out. */
export function familyHref(slug: string, sel: FamilyUrlSelection = {}): string {
  const q = new URLSearchParams();
  if (sel.region) q.set("region", sel.region);
  if (sel.value) q.set("value", sel.value);
  if (sel.item) q.set("item", sel.item);
  const s = q.toString();
  return `/f/${encodeURIComponent(slug)}${s ? `?${s}` : ""}`;
}

/** A SKU's own page (kept for links, search engines and the cart, which work by item code). */
export function productHref(itemCode: string): string {
  return `/p/${encodeURIComponent(itemCode)}`;
}
