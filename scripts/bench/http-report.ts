// Section 2 of the report: each page kind's throughput as a share of the static file on the same
// path (`next start` itself, and nginx in front of it), its p95, and the 50k ÷ 1k p95 ratio, each
// beside issue 22's target with a plain "met" or "missed" (targets: http-kinds.ts); one market's
// pages are rows of their own below the default market's.
import type { LoadResult } from "./http-load";
import type { HttpFigures, PageRounds } from "./http-phase";
import { p95RatioTarget } from "./http-kinds";

type Table = (header: string[], rows: (string | number)[][]) => string;
type Sized = { size: number; http?: HttpFigures; httpSkipped?: string };

const f1 = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v.toFixed(1) : "-");
const f0 = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? Math.round(v).toString() : "-");
const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);
/** "median (min–max)" of a per-round figure. */
const spread = (xs: number[], f = f1) =>
  xs.length ? `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})` : "-";
const verdict = (ok: boolean) => (ok ? "met" : "missed");

const reqPerS = (k: PageRounds) => k.rounds.map((r) => r.perSecond);
const p95s = (k: PageRounds) => k.rounds.map((r) => r.bodyMs.p95);
const sum = (k: PageRounds | undefined, f: (r: LoadResult) => number) =>
  k ? k.rounds.reduce((a, r) => a + f(r), 0) : NaN;
/** Share of the static file's req/s in the same round, per round. */
const shares = (k: PageRounds, statik: PageRounds) => reqPerS(k).map((v, i) => (100 * v) / statik.rounds[i].perSecond);

/**
 * The commonest cache verdict over every round, with its share of the answers: nginx's
 * X-Cache-Status (`cache`) or Next's x-nextjs-cache (`appCache`).
 */
function cacheVerdict(k: PageRounds | undefined, field: "cache" | "appCache" = "cache"): string {
  const tally: Record<string, number> = {};
  for (const r of k?.rounds ?? []) for (const [v, n] of Object.entries(r[field] ?? {})) tally[v] = (tally[v] ?? 0) + n;
  const total = Object.values(tally).reduce((a, b) => a + b, 0);
  const top = Object.entries(tally).sort((a, b) => b[1] - a[1])[0];
  return top ? `${top[0]} ${f0((100 * top[1]) / total)}%` : "-";
}

const proxyKinds = (h: HttpFigures) => (Array.isArray(h.proxy) ? h.proxy : null);

/**
 * Cells of one path: req/s; the share of the same page's bytes served as a static file, with the
 * target and verdict; the share of the stylesheet. A result from before the copies were measured
 * (no `baseline`) is judged against the stylesheet, as it was then.
 */
function shareCells(
  k: PageRounds | undefined,
  kinds: PageRounds[] | null | undefined,
  target: number | undefined,
): (string | number)[] {
  const statik = kinds?.[0];
  if (!k || !statik) return ["-", "-", "-", "", "-"];
  const copy = k.baseline ? kinds.find((x) => x.name === k.baseline) : undefined;
  const isBaseline = k === statik || kinds.some((x) => x.baseline === k.name);
  const ofStatic = k === statik ? "100 (baseline)" : spread(shares(k, statik));
  if (isBaseline) return [spread(reqPerS(k)), k === statik ? "-" : "100 (baseline)", "-", "", ofStatic];
  const judged = copy ?? (k.baseline === undefined ? statik : undefined);
  const s = judged ? shares(k, judged) : [];
  const cells = [spread(reqPerS(k)), copy ? spread(s) : "-"];
  if (target === undefined || !judged) return [...cells, "-", "", ofStatic];
  return [...cells, `≥ ${target}`, verdict(median(s) >= target), ofStatic];
}

/** Section 2: the two paths side by side per size, then the p95 ratio between the smallest and largest size. */
export function formatPages(sizes: Sized[], table: Table): string[] {
  const measured = sizes.filter((s) => s.http);
  const out = [
    "",
    "2. Storefront pages: `next start` itself, and nginx (deploy/nginx/shop.conf.template) in front of it",
  ];
  if (measured.length === 0) return [...out, "pages: not measured (" + (sizes[0]?.httpSkipped ?? "no size") + ")"];
  const h0 = measured[0].http!;
  out.push(
    `   loopback, ${h0.clients} concurrent clients on both paths, ${h0.roundSeconds} s per page and path, ${h0.kinds[0]?.rounds.length ?? 0} interleaved rounds; every URL requested once first (warm caches)`,
    `   same bytes = the page's own HTML (its first URL, fetched once) served as one of the build's static files, measured just before the page in every round: what a static site serving this page would do; % = req/s ÷ that file's req/s on the same path in the same round; the targets are judged on it`,
    `   % of css = req/s ÷ the build's stylesheet's (${h0.staticUrl}, the first row) on the same path in the same round: adds what the page's weight costs against a small file; median (min–max) over rounds`,
    "   KB = mean body size; proxy cache = nginx's commonest X-Cache-Status (UPDATING is served from its cache while one request refreshes the page, EXPIRED); next cache = Next's commonest x-nextjs-cache (HIT: its page cache; STALE: its page cache, rendered again in the background; MISS: rendered for the request)",
    "   req/s counts only 2xx answers whose body passes the page's check (a listing links a product, a product page names its code); the rest is counted apart",
    "   targets (issue 22): home, type, category, family, product ≥ 50 % from next start and ≥ 90 % through the proxy; search ≥ 25 % from next start; p95 ratio ≤ 1.5×",
    "   rows with /id: the Indonesian market's pages (its products and families only), each below the default market's; same targets (issue 21: a market's catalog pages cost what the default's cost)",
  );
  for (const s of measured) {
    const h = s.http!;
    if (h.proxy && !Array.isArray(h.proxy)) out.push(`   ${s.size}: proxy not measured (${h.proxy.notMeasured})`);
  }
  const rows: (string | number)[][] = [];
  for (const s of measured) {
    const h = s.http!;
    const proxied = proxyKinds(h);
    for (const k of h.kinds) {
      const p = proxied?.find((x) => x.name === k.name);
      rows.push([
        s.size,
        k.name,
        f0(median(k.rounds.map((r) => r.meanBytes)) / 1024),
        ...shareCells(k, h.kinds, k.target?.direct),
        spread(p95s(k)),
        cacheVerdict(k, "appCache"),
        ...shareCells(p, proxied, k.target?.proxy),
        p ? spread(p95s(p)) : "-",
        cacheVerdict(p),
        `${sum(k, (r) => r.non2xx ?? r.errors)}/${f0(sum(p, (r) => r.non2xx))}`,
        `${sum(k, (r) => r.wrongBodies)}/${f0(sum(p, (r) => r.wrongBodies))}`,
      ]);
    }
  }
  out.push(
    table(
      [
        "SKUs",
        "page",
        "KB",
        "next start req/s",
        "% same bytes",
        "target %",
        "",
        "% of css",
        "p95 ms",
        "next cache",
        "proxy req/s",
        "% same bytes",
        "target %",
        "",
        "% of css",
        "p95 ms",
        "proxy cache",
        "non-2xx ns/proxy",
        "bad body ns/proxy",
      ],
      rows,
    ),
  );
  out.push(...lockWaits(measured));
  if (measured.length >= 2) out.push(...formatP95Ratio(measured[0], measured[measured.length - 1], table));
  for (const s of measured) {
    const solo = s.http!.suggestSolo;
    out.push(
      solo
        ? `   ${s.size}: suggestions, one client (a shopper typing): p50 ${f1(solo.bodyMs.p50)} ms, p95 ${f1(solo.bodyMs.p95)} ms, max ${f1(solo.bodyMs.max)} ms (n=${solo.requests}, errors ${solo.errors}; target p95 ≤ 50 ms)`
        : `   ${s.size}: suggestions: not measured (/api/search/suggest absent in this build)`,
    );
  }
  return out;
}

/**
 * Pages nginx never stores (MISS on every answer) whose p95 through it is several times that from
 * `next start`: concurrent requests for one such URL wait on nginx's cache lock
 * (`proxy_cache_lock`, re-checked every 500 ms) before each goes to the replica in turn.
 */
function lockWaits(measured: Sized[]): string[] {
  const out: string[] = [];
  for (const s of measured) {
    const h = s.http!;
    for (const p of proxyKinds(h) ?? []) {
      const k = h.kinds.find((x) => x.name === p.name);
      const misses = p.rounds.reduce((a, r) => a + (r.cache?.MISS ?? 0), 0);
      const [pp, kp] = [median(p95s(p)), k ? median(p95s(k)) : NaN];
      if (misses >= 0.9 * sum(p, (r) => r.requests) && pp >= 1000 && pp >= 3 * kp)
        out.push(
          `   ${s.size}: ${p.name}: MISS on every request through nginx, p95 ${f0(pp)} ms against ${f0(kp)} ms from next start — concurrent requests for one URL nginx does not store queue on its cache lock (proxy_cache_lock, 500 ms steps)`,
        );
    }
  }
  return out;
}

/** p95 at the largest size ÷ p95 at the smallest, per page and path. */
function formatP95Ratio(smallest: Sized, largest: Sized, table: Table): string[] {
  const [small, large] = [smallest.http!, largest.http!];
  const p95 = (k: PageRounds | undefined) => (k ? median(p95s(k)) : NaN);
  // A baseline (the stylesheet, a page's bytes as a static file) is judged against nothing: the
  // copies are of different pages at each size.
  const ratioCells = (x: PageRounds | undefined, y: PageRounds | undefined, judged: boolean) => {
    const r = p95(y) / p95(x);
    const ok = Number.isFinite(r);
    return [f1(p95(x)), f1(p95(y)), ok ? `${r.toFixed(2)}×` : "-", ok && judged ? verdict(r <= p95RatioTarget) : ""];
  };
  const judged = (k: PageRounds) => k.name !== large.kinds[0]?.name && !large.kinds.some((x) => x.baseline === k.name);
  const named = (ks: PageRounds[] | null, name: string) => ks?.find((x) => x.name === name);
  const [a, b] = [smallest.size, largest.size];
  return [
    "",
    `   p95 at ${b} ÷ p95 at ${a} SKUs (target ≤ ${p95RatioTarget}× on each path):`,
    table(
      ["page", `ns p95 ${a}`, `ns p95 ${b}`, "ratio", "", `proxy p95 ${a}`, `proxy p95 ${b}`, "ratio", ""],
      large.kinds.map((k) => [
        k.name,
        ...ratioCells(named(small.kinds, k.name), k, judged(k)),
        ...ratioCells(named(proxyKinds(small), k.name), named(proxyKinds(large), k.name), judged(k)),
      ]),
    ),
  ];
}
