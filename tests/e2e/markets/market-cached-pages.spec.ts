// A market's catalog pages are served from the page cache exactly as the default market's are
// (docs/markets.md#speed): a second request is a hit with the same bytes, under the same
// Cache-Control, with an ETag, no cookie, and a hash-based policy of the same shape.
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";

/** The policy with its hashes taken out: what must be the same in every market. */
const shapeOf = (policy: string) =>
  policy.replace(/'sha256-[A-Za-z0-9+/=]+'/g, "'sha256'").replace(/( 'sha256')+/g, " 'sha256'");

/** GETs `path` until two answers in a row are the same entry (a page rendered while a change landed is answered once as private). */
async function settled(request: APIRequestContext, path: string): Promise<[APIResponse, APIResponse]> {
  let first = await request.get(path, { maxRedirects: 0 });
  for (let attempt = 1; ; attempt++) {
    const second = await request.get(path, { maxRedirects: 0 });
    const same =
      first.headers()["etag"] === second.headers()["etag"] && /^public/.test(first.headers()["cache-control"] ?? "");
    if (same || attempt >= 5) return [first, second];
    first = second;
  }
}

/**
 * A product every market shows: the first item offered on the first family page of Indonesia's
 * game card listing (Indonesia offers global products: docs/markets.md#the-products-a-market-offers).
 */
async function aProduct(request: APIRequestContext): Promise<string> {
  const listing = await (await request.get("/id/t/game_card")).text();
  const family = /href="(\/id\/f\/[^"?#]+)"/.exec(listing)?.[1];
  expect(family, "the Indonesian game card listing links a family").toBeTruthy();
  const code = /[?&;]item=([A-Za-z0-9_-]+)/.exec(await (await request.get(family!)).text())?.[1];
  expect(code, "the family page offers an item").toBeTruthy();
  return `/p/${code}`;
}

test("a market's catalog pages are kept in the page cache and answered with the default market's headers", async ({
  request,
}) => {
  const product = await aProduct(request);
  const pairs: [string, string][] = [
    ["/t/gift_card", "/id/t/gift_card"],
    ["/t/gift_card?sort=price_asc", "/id/en/t/gift_card?sort=price_asc"],
    [product, `/id${product}`],
    ["/search?q=steam", "/id/search?q=steam"],
    ["/", "/id"],
  ];
  for (const [plain, inMarket] of pairs) {
    const [, base] = await settled(request, plain);
    const [first, second] = await settled(request, inMarket);
    expect(first.status(), inMarket).toBe(200);
    expect(second.headers()["x-nextjs-cache"], inMarket).toMatch(/^(HIT|STALE)$/);
    expect(await second.text(), inMarket).toBe(await first.text());
    // "/" alone answers private, no-store: it redirects by cookie and headers (docs/markets.md#urls).
    if (plain !== "/") expect(second.headers()["cache-control"], inMarket).toBe(base.headers()["cache-control"]);
    expect(second.headers()["cache-control"], inMarket).toMatch(/^public, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(second.headers()["etag"], inMarket).toBeTruthy();
    expect(second.headers()["set-cookie"], inMarket).toBeUndefined();
    const policy = second.headers()["content-security-policy"] ?? "";
    expect(policy, inMarket).toMatch(/script-src 'strict-dynamic'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(policy, inMarket).not.toContain("nonce-");
    expect(shapeOf(policy), inMarket).toBe(shapeOf(base.headers()["content-security-policy"] ?? ""));
  }
});
