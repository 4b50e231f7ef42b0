// Links built from upstream text (redemption URLs): only http(s) ever becomes an href, so a
// `javascript:` or `data:` URL from the catalog can never run in the shop's pages. One function
// for the product page, the order page and the order JSON.

/** The URL, normalised, when it is http(s); null for anything else or nothing. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
