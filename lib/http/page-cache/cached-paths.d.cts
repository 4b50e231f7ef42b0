export function isCachedCatalogPage(pathname: string): boolean;
export function pathOfCacheKey(key: string): string | null;
