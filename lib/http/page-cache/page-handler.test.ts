import { beforeEach, describe, expect, it } from "vitest";
import CatalogPageCache from "./page-handler.cjs";
import { invalidateTags } from "./registry.cjs";

const store = CatalogPageCache.store;

/** Next's key of a page of the default market ("/us/en" for "/"), at its internal path. */
const key = (path: string) => `/route-cache/APP_PAGE/build/$/us/en${path === "/" ? "" : path}`;
const staticPage = { cacheControl: { revalidate: 300, expire: 3600 } };
const pageValue = (tags: string, extra: Record<string, unknown> = {}) => ({
  kind: "APP_PAGE",
  html: "<html><head></head><body><p>Steam</p></body></html>",
  rscData: Buffer.from("rsc"),
  headers: { "x-next-cache-tags": tags } as Record<string, string>,
  status: 200,
  ...extra,
});

beforeEach(() => {
  for (const key of [...store.entries.keys()]) store.delete(key);
});

describe("the page cache", () => {
  it("keeps a page Next rendered as static, with its policy and a shared-cache header, for every handler of the process", async () => {
    const value = pageValue("catalog,family:steam");
    await new CatalogPageCache().set(key("/p/STEAM"), value, staticPage);
    const hit = await new CatalogPageCache().get(key("/p/STEAM"));
    expect(hit?.value.headers["content-security-policy"]).toMatch(/script-src 'strict-dynamic' 'sha256-/);
    expect(hit?.value.headers["cache-control"]).toBe("public, s-maxage=30, stale-while-revalidate=300");
    // The miss is answered from the same object: it carries the policy too.
    expect(value.headers["content-security-policy"]).toBe(hit?.value.headers["content-security-policy"]);
  });

  it("keeps a catalog page Next rendered as static with no revalidation period until a change drops it", async () => {
    const handler = new CatalogPageCache();
    const value = pageValue("family:steam");
    await handler.set(key("/p/STEAM"), value, { cacheControl: { revalidate: false } });
    expect((await handler.get(key("/p/STEAM")))?.value.headers["cache-control"]).toBe(
      "public, s-maxage=30, stale-while-revalidate=300",
    );
    // Never past a revalidation period: a later lookup is no render that could miss a change.
    expect(store.entries.get(key("/p/STEAM"))?.staleAt).toBe(Infinity);
    invalidateTags(["family:steam"]);
    expect(await handler.get(key("/p/STEAM"))).toBeNull();
  });

  it("keeps a page's policy when Next writes the same entry back (a failed background render)", async () => {
    const handler = new CatalogPageCache();
    const value = pageValue("catalog", {
      html: '<html><head><script src="/_next/static/chunks/a.js" async=""></script></head><body></body></html>',
    });
    await handler.set(key("/"), value, staticPage);
    const policy = value.headers["content-security-policy"];
    await handler.set(key("/"), (await handler.get(key("/")))!.value, staticPage);
    expect((await handler.get(key("/")))!.value.headers["content-security-policy"]).toBe(policy);
  });

  it("never keeps a page rendered per request, one with a part rendered per request, or one outside the cached catalog", async () => {
    const handler = new CatalogPageCache();
    await handler.set(key("/sign-in"), pageValue(""), { cacheControl: { revalidate: false } });
    await handler.set(key("/p/x"), pageValue("", { postponed: "state" }), staticPage);
    const shell = pageValue("");
    await handler.set(key("/p/y"), shell, { cacheControl: { revalidate: 0 } });
    await handler.set(key("/p/z"), pageValue(""), {});
    // A page outside the cached catalog, even one Next would keep for five minutes.
    const account = pageValue("");
    await handler.set(key("/account"), account, staticPage);
    for (const path of ["/sign-in", "/p/x", "/p/y", "/p/z", "/account"])
      expect(await handler.get(key(path))).toBeNull();
    expect(shell.headers).not.toHaveProperty("cache-control");
    expect(account.headers).not.toHaveProperty("content-security-policy");
  });

  it("drops exactly the pages tagged with what a catalog change touched", async () => {
    const handler = new CatalogPageCache();
    await handler.set(key("/"), pageValue("catalog"), staticPage);
    await handler.set(key("/p/STEAM"), pageValue("family:steam,catalog:types"), staticPage);
    await handler.set(key("/p/PSN"), pageValue("family:psn,catalog:types"), staticPage);
    invalidateTags(["catalog", "family:steam"]);
    expect(await handler.get(key("/"))).toBeNull();
    expect(await handler.get(key("/p/STEAM"))).toBeNull();
    expect(await handler.get(key("/p/PSN"))).not.toBeNull();
  });

  it("does not keep a page whose render began before a change that touched it, so the change is never hidden behind it", async () => {
    const handler = new CatalogPageCache();
    // Next looks the page up, misses, renders it from the catalog as it was...
    expect(await handler.get(key("/t/gift_card/_"))).toBeNull();
    // ...a staff edit to that type commits and drops its pages while the render runs...
    invalidateTags(["type:gift_card"]);
    // ...and the render, with the catalog as it was before the edit, is written.
    const stale = pageValue("type:gift_card");
    await handler.set(key("/t/gift_card/_"), stale, staticPage);
    expect(await handler.get(key("/t/gift_card/_"))).toBeNull();
    expect(stale.headers["cache-control"]).toBe("private, no-store");
    // The next render began after the change: it is kept.
    expect(await handler.get(key("/t/gift_card/_"))).toBeNull();
    await handler.set(key("/t/gift_card/_"), pageValue("type:gift_card"), staticPage);
    expect(await handler.get(key("/t/gift_card/_"))).not.toBeNull();
  });

  it("keeps a page rendered after a change dropped it, however often it was served before", async () => {
    const handler = new CatalogPageCache();
    const page = key("/b/steam/_");
    expect(await handler.get(page)).toBeNull();
    await handler.set(page, pageValue("brand:b1"), staticPage);
    expect(await handler.get(page)).not.toBeNull();
    invalidateTags(["brand:b1"]);
    expect(await handler.get(page)).toBeNull();
    await handler.set(page, pageValue("brand:b1"), staticPage);
    expect(await handler.get(page)).not.toBeNull();
  });

  it("does not keep a render that began before a change when a request that looked after the change joined it", async () => {
    const handler = new CatalogPageCache();
    const page = key("/c/gaming/_");
    expect(await handler.get(page)).toBeNull();
    invalidateTags(["category:c1"]);
    // A second request misses too and waits for the render under way.
    expect(await handler.get(page)).toBeNull();
    await handler.set(page, pageValue("category:c1"), staticPage);
    expect(await handler.get(page)).toBeNull();
  });

  it("evicts the least recently used pages beyond its budget", async () => {
    const handler = new CatalogPageCache();
    const budget = store.maxBytes;
    // Room for two of these pages, not three (each also carries its HTML and the loader's script).
    store.maxBytes = 12000;
    const sized = () => pageValue("x", { rscData: Buffer.alloc(3000) });
    try {
      await handler.set(key("/p/a"), sized(), staticPage);
      await handler.set(key("/p/b"), sized(), staticPage);
      await handler.get(key("/p/a"));
      await handler.set(key("/p/c"), sized(), staticPage);
      expect(await handler.get(key("/p/b"))).toBeNull();
      expect(await handler.get(key("/p/a"))).not.toBeNull();
      expect(await handler.get(key("/p/c"))).not.toBeNull();
    } finally {
      store.maxBytes = budget;
    }
  });

  it("answers the default market's home, which \"/\" redirects or serves by cookie and headers, private and no-store, yet keeps it for the app and lets the shop's own proxy keep it as long as a shared page", async () => {
    const handler = new CatalogPageCache();
    // The default market's home in its default language is the page "/" serves; its render tags it
    // "page:per-visitor" (the internal path alone cannot tell which market is the default).
    const home = pageValue("catalog,markets,page:per-visitor");
    await handler.set(key("/"), home, staticPage);
    expect(home.headers["cache-control"]).toBe("private, no-store");
    expect((await handler.get(key("/")))?.value.headers["cache-control"]).toBe("private, no-store");
    // nginx in front (deploy/nginx/shop.conf.template) keys "/" by the cookie and headers that
    // choose its answer, so it may keep it for the shared pages' s-maxage; nginx reads this
    // header and never passes it on.
    expect(home.headers["x-accel-expires"]).toBe("30");
    // Another market's home never redirects: a CDN may keep it.
    const indonesia = pageValue("catalog,markets");
    await handler.set("/route-cache/APP_PAGE/build/$/id/id", indonesia, staticPage);
    expect(indonesia.headers["cache-control"]).toBe("public, s-maxage=30, stale-while-revalidate=300");
    expect(indonesia.headers["x-accel-expires"]).toBeUndefined();
  });

  it("answers a catalog page's 404 under its own policy, never kept and never stored by a shared cache", async () => {
    const handler = new CatalogPageCache();
    const missing = pageValue("catalog", { status: 404 });
    await handler.set(key("/p/NO-SUCH-CODE"), missing, staticPage);
    expect(await handler.get(key("/p/NO-SUCH-CODE"))).toBeNull();
    expect(missing.headers["content-security-policy"]).toMatch(/script-src 'strict-dynamic' 'sha256-/);
    expect(missing.headers["cache-control"]).toBe("private, no-store");
  });

  it("keeps pages chosen by a shopper's query within a quarter of its budget, so made-up queries never push out the pages everyone reads", async () => {
    const handler = new CatalogPageCache();
    const budget = store.maxBytes;
    store.maxBytes = 40_000;
    try {
      await handler.set(key("/t/gift_card/_"), pageValue("type:gift_card"), staticPage);
      await handler.set(key("/f/steam/_near=GB"), pageValue("family:steam"), staticPage);
      for (let i = 0; i < 50; i++)
        await handler.set(
          key(`/search/_q=made-up-${i}`),
          pageValue("catalog", { rscData: Buffer.alloc(1000) }),
          staticPage,
        );
      expect(await handler.get(key("/t/gift_card/_"))).not.toBeNull();
      expect(await handler.get(key("/f/steam/_near=GB"))).not.toBeNull();
      expect(await handler.get(key("/search/_q=made-up-49"))).not.toBeNull();
      expect(await handler.get(key("/search/_q=made-up-0"))).toBeNull();
      expect(store.variantBytes).toBeLessThanOrEqual(10_000);
    } finally {
      store.maxBytes = budget;
    }
  });

  it("keeps family pages chosen by invented Accept-Language countries within the variants' quarter, so a flood of them never pushes out the pages everyone reads", async () => {
    const handler = new CatalogPageCache();
    const budget = store.maxBytes;
    store.maxBytes = 40_000;
    try {
      await handler.set(key("/"), pageValue("catalog"), staticPage);
      await handler.set(key("/t/gift_card/_"), pageValue("type:gift_card"), staticPage);
      // Any two letters pass as a country, and three of them make one page: "Accept-Language:
      // en-QA, en-QB, en-QC" is one entry, "en-QA, en-QB, en-QD" another, without end.
      const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
      for (let i = 0; i < 50; i++)
        await handler.set(
          key(`/f/steam/_near=QA%2CQB%2C${letters[i % 26]}${letters[Math.floor(i / 26)]}`),
          pageValue("family:steam", { rscData: Buffer.alloc(1000) }),
          staticPage,
        );
      expect(await handler.get(key("/"))).not.toBeNull();
      expect(await handler.get(key("/t/gift_card/_"))).not.toBeNull();
      expect(store.variantBytes).toBeLessThanOrEqual(10_000);
    } finally {
      store.maxBytes = budget;
    }
  });
});
