// A bounded closed-loop load: `clients` workers share a queue of `total` URLs; each records
// the time to the full body on loopback and any Server-Timing total the server reports.
// With a deadline (fixed-duration rounds) workers stop taking URLs at it. Only a 2xx answer whose
// body passes the caller's check counts as throughput and in the latencies; a 404, an error page
// or a listing without a product link is tallied apart, so it never makes a page look fast.
import { summarise, type Summary } from "./stats";

export type LoadResult = {
  requests: number;
  /** 2xx answers whose body passed the caller's check: the only ones counted as throughput. */
  ok: number;
  /** Answers with another status (3xx included: redirects are not followed). */
  non2xx: number;
  /** Non-200 answers plus failed requests (timeouts, refused connections). */
  errors: number;
  /** 200 responses whose body failed the caller's check (e.g. a product page without its code). */
  wrongBodies: number;
  statuses: Record<string, number>;
  /** `X-Cache-Status` values a proxy reported (HIT, MISS, …); empty when no proxy answered. */
  cache: Record<string, number>;
  /**
   * `x-nextjs-cache` values the app reported (HIT, MISS, STALE: whether Next answered from its page
   * cache or rendered); absent in results from before it was counted.
   */
  appCache?: Record<string, number>;
  wallS: number;
  /** Good answers (`ok`) per second over the run's wall time, one decimal. */
  perSecond: number;
  /** Time to the full body of the good answers. */
  bodyMs: Summary;
  meanBytes: number;
  serverTimingMs: Summary | null;
};

/** Sum of the `dur` values of a Server-Timing header, or null when absent. */
export function readServerTiming(header: string | null): number | null {
  if (!header) return null;
  const durs = [...header.matchAll(/dur=([\d.]+)/g)].map((m) => Number(m[1]));
  return durs.length ? durs.reduce((a, b) => a + b, 0) : null;
}

/** Requests every URL of `urls` once (in order, `clients` at a time), or until `stopAt` (performance.now()); never more, never forever. */
export async function runLoad(
  urls: string[],
  clients: number,
  check: (url: string, body: string) => boolean = () => true,
  timeoutMs = 30_000,
  stopAt = Number.POSITIVE_INFINITY,
): Promise<LoadResult> {
  const times: number[] = [];
  const serverTimes: number[] = [];
  const statuses: Record<string, number> = {};
  const cache: Record<string, number> = {};
  const appCache: Record<string, number> = {};
  let next = 0;
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let bytes = 0;
  let wrongBodies = 0;
  const worker = async () => {
    while (next < urls.length && performance.now() < stopAt) {
      const url = urls[next++];
      const started = performance.now();
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
        const body = await res.arrayBuffer();
        const ms = performance.now() - started;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const verdict = res.headers.get("x-cache-status");
        if (verdict) cache[verdict] = (cache[verdict] ?? 0) + 1;
        const appVerdict = res.headers.get("x-nextjs-cache");
        if (appVerdict) appCache[appVerdict] = (appCache[appVerdict] ?? 0) + 1;
        if (res.status !== 200) errors++;
        if (res.status < 200 || res.status > 299) non2xx++;
        else if (!check(url, Buffer.from(body).toString("utf8"))) wrongBodies++;
        else {
          ok++;
          times.push(ms);
          bytes += body.byteLength;
        }
        const st = readServerTiming(res.headers.get("server-timing"));
        if (st !== null) serverTimes.push(st);
      } catch (error) {
        errors++;
        const key = error instanceof Error ? error.name : "error";
        statuses[key] = (statuses[key] ?? 0) + 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, worker));
  const wallMs = performance.now() - started;
  return {
    requests: next,
    ok,
    non2xx,
    errors,
    wrongBodies,
    statuses,
    cache,
    appCache,
    wallS: Math.round(wallMs / 100) / 10,
    perSecond: Math.round((ok / (wallMs / 1000)) * 10) / 10,
    bodyMs: summarise(times),
    meanBytes: times.length ? Math.round(bytes / times.length) : 0,
    serverTimingMs: serverTimes.length ? summarise(serverTimes) : null,
  };
}
