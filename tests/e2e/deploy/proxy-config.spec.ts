// The proxy's rules, proved on nginx itself with deploy/nginx/shop.conf.template in front of two
// small stand-in replicas that answer with whatever headers a test asks for: what is cached, what
// is passed on to the other replica, what is refused, and that the order event stream is not
// buffered. The whole shop behind the same file is through-proxy.spec.ts.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { freePort } from "../../../scripts/cluster";
import { findNginx, readAccessLog, startNginx } from "../../../scripts/cluster-nginx";

type Replica = { name: string; server: http.Server; address: string; requests: string[] };
let replicas: Replica[] = [];
let nginx: Awaited<ReturnType<typeof startNginx>>;
/** Ends the one open event stream (the stream test holds it open until it has read the first event). */
let endStream: (() => void) | null = null;
/** Requests to /hold wait here until three have arrived together (or 4 s passed: "alone"). */
const held: http.ServerResponse[] = [];
/** A catalog page's refresh the stale-page test holds until it lets it go: (re)armed by the test. */
const refresh = { arrived: deferred(), release: deferred(), served: 0 };

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A stand-in replica: the path picks the answer's headers; it names itself in the body. */
async function startReplica(name: string): Promise<Replica> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/fail") return void req.socket.destroy();
    if (url.pathname === "/hold") {
      held.push(res);
      const answer = (word: string) => held.splice(0).forEach((r) => r.writeHead(200).end(word));
      if (held.length === 3) answer("together");
      else setTimeout(() => answer("alone"), 4000).unref();
      return;
    }
    if (url.pathname === "/p/refreshing") {
      // The first request is answered at once (and stored); every later one is the refresh of a
      // stale copy, which waits until the test lets it go.
      const version = ++refresh.served;
      const answer = () =>
        res
          .writeHead(200, {
            "Content-Type": "text/plain",
            "Cache-Control": "public, s-maxage=1, stale-while-revalidate=60",
          })
          .end(`version ${version}`);
      if (version === 1) return answer();
      refresh.arrived.resolve();
      return void refresh.release.promise.then(answer);
    }
    if (url.pathname.endsWith("/events")) {
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
      res.write(`data: first from ${name}\n\n`);
      endStream = () => res.end();
      return;
    }
    const headers: Record<string, string> = { "Content-Type": "text/plain" };
    const cc = url.searchParams.get("cc");
    if (cc) headers["Cache-Control"] = cc;
    const accel = url.searchParams.get("accel");
    if (accel) headers["X-Accel-Expires"] = accel;
    if (url.searchParams.has("cookie")) headers["Set-Cookie"] = "session=abc; Path=/; HttpOnly";
    if (url.pathname === "/") {
      // The home "/" names what chose its answer: the market cookie, a CDN's country, the language.
      const cookie = /(?:^|;\s*)shop-market=([^;]*)/.exec(req.headers.cookie ?? "")?.[1] ?? "-";
      req.resume();
      return void res
        .writeHead(200, headers)
        .end(`${name} ${cookie} ${req.headers["cf-ipcountry"] ?? "-"} ${req.headers["accept-language"] ?? "-"}`);
    }
    const vary = url.searchParams.get("vary");
    if (vary) headers["Vary"] = vary;
    // An answer that varies names the language it was made for, so a test sees whose copy it got.
    const made = `${name} ${req.headers["x-forwarded-for"] ?? ""}` + (vary ? ` ${req.headers["accept-language"]}` : "");
    req.resume();
    req.on("end", () => res.writeHead(200, headers).end(made));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { name, server, address: `127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.skip(
    !findNginx() && !process.env.CI,
    "nginx is not installed here (Debian: apt-get install nginx); CI installs it and runs this",
  );
  replicas = [await startReplica("A"), await startReplica("B")];
  nginx = await startNginx({
    port: await freePort(),
    upstreams: [replicas[0]!.address, replicas[1]!.address],
    dir: `data/e2e/proxy-config-${process.pid}`,
  });
});

test.afterAll(async () => {
  endStream?.();
  await nginx?.stop();
  for (const r of replicas) await new Promise((resolve) => r.server.close(resolve));
});

/** GETs `path` twice through nginx; returns the two cache verdicts and bodies. */
async function twice(path: string) {
  const out: { cache: string | null; body: string }[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await fetch(nginx.url + path);
    out.push({ cache: res.headers.get("x-cache-status"), body: await res.text() });
  }
  return out;
}

test("stores an answer the app marks public and serves the next request from the cache", async () => {
  const [first, second] = await twice(
    `/p/1?cc=${encodeURIComponent("public, s-maxage=60, stale-while-revalidate=30")}`,
  );
  expect(first!.cache).toBe("MISS");
  expect(second!.cache).toBe("HIT");
  expect(second!.body).toBe(first!.body);
});

test("stores a market's catalog pages as it stores the default market's, in each of its languages", async () => {
  const cc = `cc=${encodeURIComponent("public, s-maxage=60, stale-while-revalidate=30")}`;
  for (const path of [
    "/id",
    "/id/en",
    "/id/p/STEAM-20",
    "/id/t/gift_card",
    "/id/en/t/gift_card",
    "/id/c/games",
    "/id/b/steam",
    "/id/en/f/steam-wallet",
    "/id/search",
    "/br/pt-BR/p/STEAM-20",
  ]) {
    const [first, second] = await twice(`${path}?${cc}&q=steam`);
    expect([first!.cache, second!.cache], path).toEqual(["MISS", "HIT"]);
  }
});

test('stores the home "/" only as long as the app tells nginx alone, once per market cookie, country and language', async () => {
  // What "/" answers (the default market's home, or a redirect to another market) is chosen by
  // the market cookie, a CDN's country header and Accept-Language: the app marks it private and
  // no-store for browsers and CDNs, and tells nginx alone how long it may keep it.
  const query = `?cc=${encodeURIComponent("private, no-store")}&accel=60`;
  const get = async (headers: Record<string, string>) => {
    const res = await fetch(nginx.url + "/" + query, { headers });
    return {
      cache: res.headers.get("x-cache-status"),
      body: await res.text(),
      cc: res.headers.get("cache-control"),
      accel: res.headers.get("x-accel-expires"),
    };
  };
  const visitors: Record<string, string>[] = [
    { "accept-language": "en-US" },
    { "accept-language": "id-ID" },
    { "accept-language": "en-US", "cf-ipcountry": "ID" },
    { "accept-language": "en-US", cookie: "shop-market=br" },
    { "accept-language": "en-US", cookie: "session=abc; shop-market=id" },
  ];
  for (const headers of visitors) {
    const [first, second] = [await get(headers), await get(headers)];
    expect([first.cache, second.cache], JSON.stringify(headers)).toEqual(["MISS", "HIT"]);
    // Each visitor gets the copy made for what chose it, never another's.
    const made = `${headers.cookie?.match(/shop-market=([^;]*)/)?.[1] ?? "-"} ${headers["cf-ipcountry"] ?? "-"} ${headers["accept-language"]}`;
    expect(second.body.endsWith(made), JSON.stringify(headers)).toBe(true);
    // The browser and any CDN in front still read private, no-store, and never the header for nginx.
    expect(second.cc).toBe("private, no-store");
    expect(second.accel).toBeNull();
  }
  // Without the header for nginx (a redirect, a page rendered for the request), "/" is never kept.
  const plain = `/?cc=${encodeURIComponent("private, no-store")}`;
  const [first, second] = await twice(plain);
  expect([first!.cache, second!.cache]).toEqual(["MISS", "MISS"]);
  // Nor when it sets a cookie.
  const [withCookie, again] = await twice(`/${query}&cookie=1`);
  expect([withCookie!.cache, again!.cache]).toEqual(["MISS", "MISS"]);
});

test("never looks up a personal page under a market's prefix in the cache", async () => {
  const cc = `cc=${encodeURIComponent("public, s-maxage=60")}`;
  for (const path of [
    "/id/cart",
    "/id/en/cart",
    "/id/checkout",
    "/id/orders/tok",
    "/id/en/orders/tok",
    "/id/orders/find",
    "/id/account",
    "/id/account/security",
    "/id/en/account",
    "/id/sign-in",
    "/id/admin",
    "/id/p/STEAM-20/cart",
    "/id/en/es/p/STEAM-20",
    "/id/p/..%2Fcart",
    "/ID/p/STEAM-20",
  ]) {
    const [first, second] = await twice(`${path}?${cc}`);
    expect([first!.cache, second!.cache], path).toEqual([null, null]);
  }
});

test("stores a family page that varies by the shopper's language once per language, as the app marks it", async () => {
  // The app's own Vary on a family page without a region (Next's router headers, then the
  // shopper's language and country: lib/http/page-cache/cached-paths.cjs varyOf).
  const vary =
    "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Language, CF-IPCountry, X-Vercel-IP-Country, CloudFront-Viewer-Country, Accept-Encoding";
  const path = `/id/f/steam-wallet?cc=${encodeURIComponent("public, s-maxage=60")}&vary=${encodeURIComponent(vary)}`;
  for (const language of ["en-GB", "de-DE"]) {
    const seen: { cache: string | null; body: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(nginx.url + path, { headers: { "accept-language": language } });
      seen.push({ cache: res.headers.get("x-cache-status"), body: await res.text() });
    }
    expect(
      seen.map((s) => s.cache),
      language,
    ).toEqual(["MISS", "HIT"]);
    for (const s of seen) expect(s.body.endsWith(` ${language}`), language).toBe(true);
  }
  // Every other header the Vary names makes a copy of its own: a CDN's country, the router's.
  const extras: Record<string, string>[] = [
    { "cf-ipcountry": "ID" },
    { "cloudfront-viewer-country": "ID" },
    { rsc: "1" },
  ];
  for (const extra of extras) {
    const res = await fetch(nginx.url + path, { headers: { "accept-language": "en-GB", ...extra } });
    await res.arrayBuffer();
    expect(res.headers.get("x-cache-status"), JSON.stringify(extra)).toBe("MISS");
  }
});

/** GETs `path` through nginx on `agent`'s connections; the cache verdict and the body. */
function getOn(agent: http.Agent, path: string): Promise<{ cache: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(nginx.url + path, { agent }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ cache: res.headers["x-cache-status"] as string | undefined, body }));
      })
      .on("error", reject);
  });
}

test("a stale catalog page is refreshed by the one request that finds it stale while every other is answered from the cache", async () => {
  // Two shoppers, each with one keep-alive connection, as browsers or the bench's clients.
  const first = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const other = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect((await getOn(first, "/p/refreshing")).cache).toBe("MISS");
    // The copy is fresh for one of nginx's seconds: ask until a request finds it stale, which
    // starts the refresh (the replica holds it) and waits for it.
    let refreshing: Promise<{ cache: string | undefined; body: string }>;
    for (;;) {
      refreshing = getOn(first, "/p/refreshing");
      const settled = await Promise.race([
        refreshing.then(() => "answered"),
        refresh.arrived.promise.then(() => "held"),
      ]);
      if (settled === "held") break;
      expect((await refreshing).cache).toBe("HIT");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // While the replica holds the refresh, the other shopper gets the stale copy from the cache,
    // and their next page on the same connection is not held either.
    expect(await getOn(other, "/p/refreshing")).toEqual({ cache: "UPDATING", body: "version 1" });
    const next = `/p/next?cc=${encodeURIComponent("public, s-maxage=60")}`;
    expect((await getOn(other, next)).cache).toBe("MISS");
    expect((await getOn(other, next)).cache).toBe("HIT");
    refresh.release.resolve();
    // The request that refreshed it is answered with the new copy, which replaces the stale one.
    expect(await refreshing).toEqual({ cache: "EXPIRED", body: "version 2" });
    expect(await getOn(other, "/p/refreshing")).toEqual({ cache: "HIT", body: "version 2" });
  } finally {
    refresh.release.resolve();
    first.destroy();
    other.destroy();
  }
});

test("keeps the connection open after a catalog page, as after a static file", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const connection = (path: string) =>
    new Promise<string | undefined>((resolve, reject) => {
      http
        .get(nginx.url + path, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.headers.connection));
        })
        .on("error", reject);
    });
  try {
    const cc = `cc=${encodeURIComponent("public, s-maxage=60")}`;
    for (const path of [
      "/p/STEAM-20",
      "/t/gift_card",
      "/search",
      "/id",
      "/id/en/p/STEAM-20",
      "/id/f/steam-wallet",
      "/_next/static/chunks/app.js",
      "/img/steam.webp",
      "/favicon.svg",
      "/cart",
    ])
      expect(await connection(`${path}?${cc}`), path).toBe("keep-alive");
  } finally {
    agent.destroy();
  }
});

test("never stores an answer that is private, no-store, only max-age, unmarked or sets a cookie", async () => {
  for (const query of [
    `cc=${encodeURIComponent("private, no-store")}`,
    `cc=${encodeURIComponent("max-age=60")}`,
    "plain=1",
    `cc=${encodeURIComponent("public, s-maxage=60")}&cookie=1`,
  ]) {
    const [first, second] = await twice(`/p/2?${query}`);
    expect([first!.cache, second!.cache], query).toEqual(["MISS", "MISS"]);
  }
});

test("never looks up a page outside the catalog in the cache, so concurrent requests for it never wait on each other", async () => {
  // With the cache's lock, nginx would pass one of these on and hold the others for up to 5 s.
  const bodies = await Promise.all([1, 2, 3].map(async () => (await fetch(`${nginx.url}/hold`)).text()));
  expect(bodies).toEqual(["together", "together", "together"]);
  const [first, second] = await twice(`/cart?cc=${encodeURIComponent("public, s-maxage=60")}`);
  expect([first!.cache, second!.cache]).toEqual([null, null]);
});

test("spreads requests over both replicas and appends the client to X-Forwarded-For", async () => {
  const bodies: string[] = [];
  for (let i = 0; i < 4; i++) bodies.push(await (await fetch(`${nginx.url}/p/3?n=${i}`)).text());
  expect(new Set(bodies.map((b) => b.split(" ")[0]))).toEqual(new Set(["A", "B"]));
  for (const body of bodies) expect(body.split(" ")[1]).toBe("127.0.0.1");
  // Answers from the cache (HIT, STALE) name no replica.
  const upstreams = new Set(readAccessLog(nginx.accessLog).flatMap((l) => (l.upstream === "-" ? [] : [l.upstream])));
  expect(upstreams).toEqual(new Set(replicas.map((r) => r.address)));
});

test("passes a failed GET on to the other replica, and never a POST", async () => {
  const get = await fetch(`${nginx.url}/fail`);
  expect(get.status).toBe(502);
  const gets = replicas.map((r) => r.requests.filter((q) => q === "GET /fail").length);
  expect(gets, "the GET was tried on each replica once").toEqual([1, 1]);

  const post = await fetch(`${nginx.url}/fail`, { method: "POST", body: "{}" });
  expect(post.status).toBe(502);
  const posts = replicas.map((r) => r.requests.filter((q) => q === "POST /fail").length);
  expect(
    posts.reduce((a, b) => a + b),
    "the POST reached one replica only",
  ).toBe(1);
});

test("refuses a body over 1 MB before it reaches a replica", async () => {
  const res = await fetch(`${nginx.url}/p/4`, { method: "POST", body: "x".repeat(1024 * 1024 + 1) });
  expect(res.status).toBe(413);
  expect(replicas.flatMap((r) => r.requests).filter((q) => q.startsWith("POST /p/4"))).toEqual([]);
});

test("delivers the order event stream's first event while the stream is still open", async () => {
  const res = await fetch(`${nginx.url}/api/orders/tok/events`);
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  expect(new TextDecoder().decode(value)).toMatch(/^data: first from [AB]/);
  endStream?.();
  await reader.cancel();
});
