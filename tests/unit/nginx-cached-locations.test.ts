// The proxy looks up in its cache exactly the catalog pages the app's page cache serves, in every
// market and language (lib/http/page-cache/cached-paths.cjs), except the home "/", whose redirect
// depends on the shopper's cookie and headers (docs/deployment.md#the-proxy-in-front).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { isCachedCatalogPage } from "@/lib/http/page-cache/cached-paths.cjs";
import { nginxTemplate } from "../../scripts/cluster-nginx";

/** The regular expressions of the template's locations that use the cache. */
function cachedLocations(): RegExp[] {
  const conf = fs.readFileSync(nginxTemplate, "utf8");
  const out: RegExp[] = [];
  for (const m of conf.matchAll(/location ~ (?:"([^"]+)"|(\S+)) \{([^}]*)\}/g)) {
    if (!/proxy_cache off;/.test(m[3])) out.push(new RegExp(m[1] ?? m[2]));
  }
  return out;
}

const prefixes = ["", "/id", "/id/en", "/br/pt-BR", "/eu-west", "/us/es"];
const pages = [
  "",
  "/p/STEAM-20",
  "/t/gift_card",
  "/c/games",
  "/b/steam",
  "/f/steam-wallet",
  "/search",
  "/cart",
  "/checkout",
  "/orders/tok",
  "/orders/find",
  "/account",
  "/account/security",
  "/sign-in",
  "/admin",
  "/help",
  "/p/STEAM-20/cart",
  "/search/cart",
];

describe("the proxy's cached locations", () => {
  it("match a public page in any market exactly when the app's page cache serves it, but for the home /", () => {
    const locations = cachedLocations();
    expect(locations.length).toBeGreaterThanOrEqual(3);
    for (const prefix of prefixes)
      for (const page of pages) {
        const path = prefix + page || "/";
        const looked = locations.some((re) => re.test(path));
        expect(looked, path).toBe(path !== "/" && isCachedCatalogPage(path));
      }
  });
});
