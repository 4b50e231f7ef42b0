// A link into a page with personal data or money (cart, checkout, account): a full page load, so
// that page's own per-request policy governs the document, not the cached catalog page's it was
// opened from (docs/storefront.md#cached-catalog-pages).
import type { AnchorHTMLAttributes } from "react";

export function FullPageLink(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a {...props} />;
}

/** Opens a page with personal data or money by a full page load (see FullPageLink). */
export function openFullPage(href: string): void {
  window.location.assign(href);
}
