export function isCachedCatalogPage(pathname: string): boolean;
export function isInternalCatalogPage(pathname: string): boolean;
export function isPublicCatalogPage(pathname: string): boolean;
export function isRewrittenCatalogPage(pathname: string): boolean;
export function isQueryVariant(pathname: string): boolean;
/** The request headers a shared cache must vary the page at this internal path by, or null. */
export function varyOf(pathname: string): string | null;
export function pathOfCacheKey(key: string): string | null;
/** The tag of the one cached page answered per visitor ("/"), kept by the app and never by a shared cache. */
export const perVisitorTag: string;
