type Value = { kind: string; html?: string; headers?: Record<string, string>; [key: string]: unknown };
type Entry = { value: Value & { headers: Record<string, string> }; lastModified: number };
type SetContext = { cacheControl?: { revalidate?: number | false; expire?: number } };

declare class CatalogPageCache {
  get(key: string): Promise<Entry | null>;
  set(key: string, value: Value, ctx?: SetContext): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
  static store: {
    maxBytes: number;
    /** Bytes held by pages chosen by a shopper's query (cached-paths.cjs isQueryVariant). */
    variantBytes: number;
    /** When Next would render each page again (ms; Infinity: never by time), and its tags. */
    entries: Map<string, { staleAt: number; tags: string[] }>;
    delete(key: string): void;
  };
}
export = CatalogPageCache;
