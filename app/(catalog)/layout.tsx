// The root of the catalog pages every visitor shares: rendered once, kept in the page cache with
// their hash-based policy (lib/http/page-cache) and rendered again when the catalog changes what
// they show (docs/storefront.md#cached-catalog-pages). Nothing here reads the request.
import { setRequestLocale } from "next-intl/server";
import { defaultLocale } from "@/lib/i18n/locales";
import { RootDocument, rootMetadata, rootViewport } from "../_document/root-document";

export const generateMetadata = rootMetadata;
export const viewport = rootViewport;

export default function CatalogRootLayout({ children }: { children: React.ReactNode }) {
  // Named, so next-intl never reads the request here and the page stays cacheable.
  setRequestLocale(defaultLocale);
  return <RootDocument>{children}</RootDocument>;
}
