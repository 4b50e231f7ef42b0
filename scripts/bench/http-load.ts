// A bounded closed-loop load: `clients` workers share a queue of `total` URLs; each records
// the time to the full body on loopback and any Server-Timing total the server reports.
// With a deadline (the scale phase's fixed-duration runs) workers stop taking URLs at it.
import { summarise, type Summary } from "./stats";

export type LoadResult = {
  requests: number;
  errors: number;
  /** 200 responses whose body failed the caller's check (e.g. a product page without its code). */
  wrongBodies: number;
  statuses: Record<string, number>;
  wallS: number;
  /** Requests per second over the run's wall time (unrounded). */
  perSecond: number;
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
  let next = 0;
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
        times.push(performance.now() - started);
        bytes += body.byteLength;
        if (res.status === 200 && !check(url, Buffer.from(body).toString("utf8"))) wrongBodies++;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status !== 200) errors++;
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
  return {
    requests: next,
    errors,
    wrongBodies,
    statuses,
    wallS: Math.round((performance.now() - started) / 100) / 10,
    perSecond: Math.round((next / ((performance.now() - started) / 1000)) * 10) / 10,
    bodyMs: summarise(times),
    meanBytes: times.length ? Math.round(bytes / times.length) : 0,
    serverTimingMs: serverTimes.length ? summarise(serverTimes) : null,
  };
}
