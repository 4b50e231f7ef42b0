// The HTTP phase for one catalog size: `next start` on the bench build over that size's
// databases, a short warm-up, then three interleaved rounds: in each round every page kind
// (a static page first) is requested for `roundSeconds` by `clients` concurrent clients,
// so each page's throughput can be read as a share of the static page's in the same round.
// Then search suggestions one client at a time (the latency a typing shopper sees).
import { runLoad, type LoadResult } from "./http-load";
import { benchBaseUrl, startBenchServer } from "./server";
import { benchEnv } from "./env";
import { pickStaticUrl } from "./static-url";

export type HttpTargets = {
  searchWord: string;
  searchRegion: string;
  productCodes: string[];
  familySlugs?: string[];
  categorySlug?: string;
};
export type PageRounds = { name: string; example: string; rounds: LoadResult[] };
export type HttpFigures = {
  clients: number;
  roundSeconds: number;
  staticUrl: string;
  kinds: PageRounds[];
  /** /api/search/suggest, one client, typed prefixes and typos; null when the route is absent. */
  suggestSolo: LoadResult | null;
};

export const clients = 10;
export const roundSeconds = 5;
export const rounds = 3;
const warmupPerKind = 10;

type Kind = { name: string; urls: (n: number) => string[]; check: (url: string, body: string) => boolean };

/** A product page must name its item code; a listing must link at least one family tile (or product). */
export const hasProductLink = (_url: string, body: string) => body.includes('href="/f/') || body.includes('href="/p/');
const namesItsCode = (url: string, body: string) =>
  body.includes(decodeURIComponent(url.slice(url.lastIndexOf("/p/") + 3)));
/** A family page links itself (its canonical URL). */
const namesItsFamily = (url: string, body: string) => body.includes(url.slice(url.lastIndexOf("/f/")));
const anyBody = () => true;
const repeat = (url: string) => (n: number) => Array.from({ length: n }, () => url);

/** What a shopper types on the way to `word`, plus one-typo spellings of it. */
export function suggestQueries(word: string): string[] {
  const w = word.toLowerCase();
  const prefixes = Array.from({ length: Math.max(0, w.length - 1) }, (_, i) => w.slice(0, i + 2));
  const swapped = w.length > 3 ? w.slice(0, 2) + w[3] + w[2] + w.slice(4) : w;
  return [...prefixes, swapped, w.slice(0, -1) + "x", "playstaion", "amazn", "gogle play"];
}

/** URLs for each page kind; product pages rotate over the given codes. */
function pageKinds(t: HttpTargets, staticUrl: string): Kind[] {
  const q = encodeURIComponent(t.searchWord);
  const kinds: Kind[] = [
    { name: "static page", urls: repeat(staticUrl), check: anyBody },
    { name: "home /", urls: repeat("/"), check: hasProductLink },
    { name: "type listing /t/gift_card", urls: repeat("/t/gift_card"), check: hasProductLink },
  ];
  if (t.categorySlug)
    kinds.push({
      name: "category /c/<biggest>",
      urls: repeat(`/c/${encodeURIComponent(t.categorySlug)}`),
      check: hasProductLink,
    });
  kinds.push(
    { name: "search ?q= (relevance)", urls: repeat(`/search?q=${q}`), check: hasProductLink },
    { name: "search, no match", urls: repeat("/search?q=qqxqqzq"), check: anyBody },
    {
      name: "product /p/<code>",
      urls: (n) =>
        Array.from({ length: n }, (_, i) => `/p/${encodeURIComponent(t.productCodes[i % t.productCodes.length])}`),
      check: namesItsCode,
    },
  );
  const families = t.familySlugs ?? [];
  if (families.length > 0) {
    kinds.push({
      name: "family /f/<slug>",
      urls: (n) => Array.from({ length: n }, (_, i) => `/f/${encodeURIComponent(families[i % families.length])}`),
      check: namesItsFamily,
    });
  }
  return kinds;
}

async function suggestAvailable(): Promise<boolean> {
  const res = await fetch(`${benchBaseUrl}/api/search/suggest?q=st`, { signal: AbortSignal.timeout(10_000) }).catch(
    () => null,
  );
  await res?.arrayBuffer();
  return res?.status === 200;
}

/** Starts the server for `size`, measures every page kind, and always stops the server. */
export async function runHttpPhase(size: number, targets: HttpTargets): Promise<HttpFigures> {
  const server = await startBenchServer(benchEnv(size, size));
  const stopOnSignal = () => void server.stop().finally(() => process.exit(130));
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    const staticUrl = pickStaticUrl();
    const kinds = pageKinds(targets, staticUrl);
    const hasSuggest = await suggestAvailable();
    const queries = [...suggestQueries(targets.searchWord), ...suggestQueries("google")];
    const suggestUrls = (n: number) =>
      Array.from({ length: n }, (_, i) => `/api/search/suggest?q=${encodeURIComponent(queries[i % queries.length])}`);
    if (hasSuggest) kinds.push({ name: "suggest /api/search/suggest", urls: suggestUrls, check: anyBody });
    for (const kind of kinds)
      await runLoad(
        kind.urls(warmupPerKind).map((u) => benchBaseUrl + u),
        1,
      );
    const out: PageRounds[] = kinds.map((k) => ({ name: k.name, example: k.urls(1)[0], rounds: [] }));
    for (let round = 0; round < rounds; round++) {
      for (const [i, kind] of kinds.entries()) {
        // Plenty of URLs: the deadline ends the round, never the list.
        const urls = kind.urls(20_000).map((u) => benchBaseUrl + u);
        out[i].rounds.push(await runLoad(urls, clients, kind.check, 30_000, performance.now() + roundSeconds * 1000));
      }
    }
    let suggestSolo: LoadResult | null = null;
    if (hasSuggest)
      suggestSolo = await runLoad(
        suggestUrls(300).map((u) => benchBaseUrl + u),
        1,
      );
    return { clients, roundSeconds, staticUrl, kinds: out, suggestSolo };
  } finally {
    process.off("SIGINT", stopOnSignal);
    process.off("SIGTERM", stopOnSignal);
    await server.stop();
  }
}
