// The HTTP phase for one catalog size: `next start` on the bench build over that size's
// databases, a short warm-up, then each page kind under `clients` concurrent clients.
import { benchEnv } from "./env";
import { runLoad, type LoadResult } from "./http-load";
import { benchBaseUrl, startBenchServer } from "./server";

export type HttpTargets = { searchWord: string; searchRegion: string; productCodes: string[] };
export type PageKind = { name: string; example: string; result: LoadResult };

export const clients = 10;
export const requestsPerKind = 200;
const warmupPerKind = 10;

type Kind = { name: string; urls: (n: number) => string[]; check: (url: string, body: string) => boolean };

/** A product page must name its item code; a listing must link at least one product. */
export const hasProductLink = (_url: string, body: string) => body.includes('href="/p/');
const namesItsCode = (url: string, body: string) => body.includes(decodeURIComponent(url.slice(url.lastIndexOf("/p/") + 3)));

/** URLs for each page kind; product pages rotate over the given codes. */
function pageKinds(t: HttpTargets): Kind[] {
  const search = `/search?q=${encodeURIComponent(t.searchWord)}&region=${encodeURIComponent(t.searchRegion)}&sort=price_asc`;
  return [
    { name: "listing /t/gift_card", urls: (n) => Array.from({ length: n }, () => "/t/gift_card"), check: hasProductLink },
    { name: "search (q+region+sort)", urls: (n) => Array.from({ length: n }, () => search), check: hasProductLink },
    { name: "product /p/<code>", urls: (n) => Array.from({ length: n }, (_, i) => `/p/${encodeURIComponent(t.productCodes[i % t.productCodes.length])}`), check: namesItsCode },
  ];
}

/** Starts the server for `size`, measures every page kind, and always stops the server. */
export async function runHttpPhase(size: number, targets: HttpTargets): Promise<PageKind[]> {
  const server = await startBenchServer(benchEnv(size, size));
  const stopOnSignal = () => void server.stop().finally(() => process.exit(130));
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    const kinds = pageKinds(targets);
    for (const kind of kinds) await runLoad(kind.urls(warmupPerKind).map((u) => benchBaseUrl + u), 1);
    const out: PageKind[] = [];
    for (const kind of kinds) {
      const urls = kind.urls(requestsPerKind);
      out.push({ name: kind.name, example: urls[0], result: await runLoad(urls.map((u) => benchBaseUrl + u), clients, kind.check) });
    }
    return out;
  } finally {
    process.off("SIGINT", stopOnSignal);
    process.off("SIGTERM", stopOnSignal);
    await server.stop();
  }
}
