// The HTTP phase for one catalog size: `next start` on the bench build over that size's
// databases and nginx in front of it (scripts/bench/proxy.ts, the deployment's own proxy file).
// Every URL of every page kind is requested once on each path first (warm caches, as a shop with
// traffic has them), then three interleaved rounds: in each round every page kind (the static
// file first) is requested for `roundSeconds` by the same `clients` concurrent clients from
// `next start` and through the proxy, back to back (which path goes first alternates by round),
// so each page's throughput reads as a share of the static file's on the same path in the same
// round. Then search suggestions one client at a time (the latency a typing shopper sees). One
// market's pages (http-kinds.ts marketPageKinds) are page kinds like the default market's, over
// the products and families that market offers (http-market.ts).
import { runLoad, type LoadResult } from "./http-load";
import {
  benchMarketPrefix,
  besideDefault,
  marketPageKinds,
  pageKinds,
  suggestKind,
  type HttpTargets,
  type Kind,
  type ShareTarget,
} from "./http-kinds";
import { marketTargets } from "./http-market";
import { startBenchProxy, type BenchProxy } from "./proxy";
import { benchBaseUrl, startBenchServer } from "./server";
import { benchEnv } from "./env";
import { pickStaticUrl } from "./static-url";
import { withCopies, writePageCopies } from "./page-copies";

export { hasProductLink, suggestQueries } from "./http-kinds";

export type { HttpTargets } from "./http-kinds";
export type PageRounds = {
  name: string;
  example: string;
  target?: ShareTarget;
  /** The row of this page's own bytes served as a static file; absent in results from before it was measured. */
  baseline?: string;
  rounds: LoadResult[];
};
export type HttpFigures = {
  clients: number;
  roundSeconds: number;
  staticUrl: string;
  /** From `next start` itself. */
  kinds: PageRounds[];
  /** Through nginx in front of the same `next start`; absent in results from before it was measured. */
  proxy?: PageRounds[] | { notMeasured: string };
  /** /api/search/suggest, one client, typed prefixes and typos; null when the route is absent. */
  suggestSolo: LoadResult | null;
};

export const clients = 10;
export const defaultRoundSeconds = 5;
export const rounds = 3;
const minWarmup = 10;

async function suggestAvailable(): Promise<boolean> {
  const res = await fetch(`${benchBaseUrl}/api/search/suggest?q=st`, { signal: AbortSignal.timeout(10_000) }).catch(
    () => null,
  );
  await res?.arrayBuffer();
  return res?.status === 200;
}

/** Each distinct URL of the kind once (at least `minWarmup` requests), one client. */
async function warm(base: string, kind: Kind): Promise<void> {
  const distinct = [...new Set(kind.urls(1000))];
  const urls = Array.from(
    { length: Math.max(minWarmup, distinct.length) },
    (_, i) => base + distinct[i % distinct.length],
  );
  await runLoad(urls, 1, kind.check);
}

type Path = { base: string; kinds: Kind[]; out: PageRounds[] };
const pathOf = (base: string, kinds: Kind[]): Path => ({
  base,
  kinds,
  out: kinds.map((k) => ({ name: k.name, example: k.urls(1)[0], target: k.target, baseline: k.baseline, rounds: [] })),
});

/** Starts the server (and nginx) for `size`, measures every page kind on both paths, and always stops them. */
export async function runHttpPhase(
  size: number,
  targets: HttpTargets,
  roundSeconds = defaultRoundSeconds,
): Promise<HttpFigures> {
  let server = await startBenchServer(benchEnv(size, size));
  let proxy: BenchProxy | { notMeasured: string } | null = null;
  const stopAll = async () => {
    if (proxy && "stop" in proxy) await proxy.stop();
    await server.stop();
  };
  const stopOnSignal = () => void stopAll().finally(() => process.exit(130));
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    const staticUrl = pickStaticUrl();
    const inMarket = await marketTargets(benchBaseUrl, targets, benchMarketPrefix);
    const pages = besideDefault(pageKinds(targets, staticUrl), marketPageKinds(inMarket));
    // Each page's bytes as a static file; `next start` lists its static files when it starts.
    const copies = await writePageCopies(benchBaseUrl, pages);
    await server.stop();
    server = await startBenchServer(benchEnv(size, size));
    proxy = await startBenchProxy(size);
    const kinds = withCopies(pages, copies);
    if (await suggestAvailable()) kinds.push(suggestKind(targets.searchWord));
    const direct = pathOf(benchBaseUrl, kinds);
    const proxied =
      "url" in proxy
        ? pathOf(
            proxy.url,
            kinds.filter((k) => !k.directOnly),
          )
        : null;
    const paths = proxied ? [direct, proxied] : [direct];
    for (const p of paths) for (const kind of p.kinds) await warm(p.base, kind);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? paths : [...paths].reverse();
      for (const kind of kinds)
        for (const p of order) {
          const i = p.kinds.indexOf(kind);
          if (i < 0) continue;
          // Plenty of URLs: the deadline ends the round, never the list.
          const urls = kind.urls(50_000).map((u) => p.base + u);
          p.out[i].rounds.push(
            await runLoad(urls, clients, kind.check, 30_000, performance.now() + roundSeconds * 1000),
          );
        }
    }
    const suggest = kinds.find((k) => k.directOnly);
    const suggestSolo = suggest
      ? await runLoad(
          suggest.urls(300).map((u) => benchBaseUrl + u),
          1,
        )
      : null;
    return {
      clients,
      roundSeconds,
      staticUrl,
      kinds: direct.out,
      proxy: proxied ? proxied.out : (proxy as { notMeasured: string }),
      suggestSolo,
    };
  } finally {
    process.off("SIGINT", stopOnSignal);
    process.off("SIGTERM", stopOnSignal);
    await stopAll();
  }
}
