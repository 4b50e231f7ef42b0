// URL slugs for brand and category pages, made from upstream names that may hold spaces,
// "&", accents or punctuation.

/** Turns a display name into a lowercase URL-safe slug ("Google Play & Co." → "google-play-and-co"). */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/\+/g, " plus ")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "item";
}

/** A slug not in `taken` (adds -2, -3…), so two names that slugify alike both get a page. */
export function uniqueSlug(name: string, taken: Set<string>): string {
  const base = slugify(name);
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}
