// Cached catalog pages are kept until something they show changes (docs/storefront.md#cached-catalog-pages):
// a catalog or market change, or the clock passing a moment at which what they show changes
// by itself — an offer's end, a market rate's age limit, the new year of the footer. Each
// instance's once-a-second check knows the next such moment and drops exactly the pages of the
// inputs it belongs to, with no catalog change and no message between instances.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createInstanceWatch } from "@/lib/catalog/cache/page-invalidation";
import { catalogTag, marketTag, yearTag } from "@/lib/catalog/cache/page-tag-names";
import { familyScopeKey, productScopes } from "@/lib/catalog/scopes";
import { db } from "@/lib/db";
import { storeRates } from "@/lib/markets/rates/store-rates";
import { Decimal } from "@/lib/pricing/decimal";
import { forgetPages, keepPage, pageKept } from "@/tests/helpers/cached-pages";
import { createProduct } from "@/tests/helpers/catalog-fixtures";
import { createMarket } from "@/tests/helpers/markets";

/** An instance's watch on a clock the test moves. */
function instance(start: number) {
  const clock = { at: start };
  const check = createInstanceWatch({ clock: () => clock.at });
  return { clock, check };
}

const hour = 3_600_000;
const offerEnds = new Date("2026-12-01T12:00:00Z").getTime();
const rateSetAt = new Date("2026-11-25T15:00:00Z");

beforeAll(async () => {
  await createMarket({
    slug: "id",
    name: "Indonesia",
    countries: ["ID"],
    currency: "IDR",
    rate: "16000",
    rateSetAt,
    maxAgeHours: 72,
    bufferPercent: "2",
  });
  await createMarket({
    slug: "jp",
    name: "Japan",
    countries: ["JP"],
    currency: "JPY",
    rateSource: "feed",
    rate: "150",
    rateSetAt,
    maxAgeHours: 48,
    bufferPercent: "2",
    position: 2,
  });
  await storeRates({
    base: "USD",
    rates: new Map([["JPY", new Decimal("151")]]),
    feedDate: rateSetAt,
    sourceUrl: "https://rates.test/daily.xml",
    now: rateSetAt,
    thresholdPercent: 10,
  });
});
afterAll(async () => {
  await db.referenceRate.deleteMany({});
  await db.market.deleteMany({ where: { slug: { in: ["id", "jp"] } } });
});
beforeEach(forgetPages);

describe("cached catalog pages follow the clock", () => {
  it("a page showing an offer is dropped on every instance when the offer ends, with no catalog change, and only once", async () => {
    const product = await createProduct({
      itemCode: "TIMED-OFFER-10",
      brandName: "Timedcard",
      isOffer: true,
      offerPercent: "10",
      offerExpiresDate: new Date(offerEnds).toISOString(),
    });
    const other = await createProduct({ itemCode: "TIMED-PLAIN-10", brandName: "Plaincard" });
    for (const node of [instance(offerEnds - hour), instance(offerEnds - hour)]) {
      expect(await node.check()).toEqual([]);
      await keepPage("/us/en/p/TIMED-OFFER-10", [familyScopeKey(product.familySlug)]);
      await keepPage("/us/en/p/TIMED-PLAIN-10", [familyScopeKey(other.familySlug)]);
      node.clock.at = offerEnds - 1;
      expect(await node.check()).toEqual([]);
      expect(await pageKept("/us/en/p/TIMED-OFFER-10")).toBe(true);

      node.clock.at = offerEnds;
      const dropped = await node.check();
      expect(dropped).toEqual(expect.arrayContaining([catalogTag, ...productScopes(product)]));
      expect(dropped).not.toContain(familyScopeKey(other.familySlug));
      expect(await pageKept("/us/en/p/TIMED-OFFER-10")).toBe(false);
      expect(await pageKept("/us/en/p/TIMED-PLAIN-10")).toBe(true);

      node.clock.at = offerEnds + 1000;
      expect(await node.check()).toEqual([]);
    }
  });

  it("an offer that ends between two checks is dropped even when a catalog change came in between", async () => {
    const ends = offerEnds + 10 * hour;
    const product = await createProduct({
      itemCode: "TIMED-OFFER-20",
      brandName: "Latecard",
      isOffer: true,
      offerPercent: "5",
      offerExpiresDate: new Date(ends).toISOString(),
    });
    const node = instance(ends - 2000);
    expect(await node.check()).toEqual([]);
    // Another product changes a second before the offer ends; the next check sees both.
    const changed = await createProduct({ itemCode: "TIMED-OTHER-10", brandName: "Othercard" });
    node.clock.at = ends + 500;
    const dropped = await node.check();
    expect(dropped).toEqual(expect.arrayContaining([familyScopeKey(changed.familySlug)]));
    expect(dropped).toContain(familyScopeKey(product.familySlug));
  });

  it("a page of a market whose manual rate goes stale is dropped when the rate's age passes its limit, with no market change", async () => {
    const staleFrom = rateSetAt.getTime() + 72 * hour + 1;
    const node = instance(staleFrom - hour);
    expect(await node.check()).toEqual([]);
    await keepPage("/id/en/p/TIMED-PLAIN-10", [marketTag("id")]);
    await keepPage("/us/en/p/TIMED-PLAIN-10", [marketTag("us")]);

    node.clock.at = staleFrom - 1;
    expect(await node.check()).toEqual([]);
    expect(await pageKept("/id/en/p/TIMED-PLAIN-10")).toBe(true);

    node.clock.at = staleFrom;
    expect(await node.check()).toEqual([marketTag("id")]);
    expect(await pageKept("/id/en/p/TIMED-PLAIN-10")).toBe(false);
    expect(await pageKept("/us/en/p/TIMED-PLAIN-10")).toBe(true);
  });

  it("a page of a market whose reference rate goes stale is dropped when the rate's age passes its limit", async () => {
    const staleFrom = rateSetAt.getTime() + 48 * hour + 1;
    const node = instance(staleFrom - hour);
    expect(await node.check()).toEqual([]);
    await keepPage("/jp/en/p/TIMED-PLAIN-10", [marketTag("jp")]);
    node.clock.at = staleFrom - 1;
    expect(await node.check()).toEqual([]);
    node.clock.at = staleFrom;
    expect(await node.check()).toEqual([marketTag("jp")]);
    expect(await pageKept("/jp/en/p/TIMED-PLAIN-10")).toBe(false);
  });

  it("a new rate moves the rate's deadline: the page is not dropped at the old one", async () => {
    const node = instance(rateSetAt.getTime() + 47 * hour);
    expect(await node.check()).toEqual([]);
    const fresh = new Date(rateSetAt.getTime() + 47 * hour);
    await storeRates({
      base: "USD",
      rates: new Map([["JPY", new Decimal("152")]]),
      feedDate: fresh,
      sourceUrl: "https://rates.test/daily.xml",
      now: fresh,
      thresholdPercent: 10,
    });
    node.clock.at = fresh.getTime() + 1000;
    expect(await node.check()).toContain("markets");
    await keepPage("/jp/en/p/TIMED-PLAIN-10", [marketTag("jp")]);
    node.clock.at = rateSetAt.getTime() + 48 * hour + 1;
    expect(await node.check()).toEqual([]);
    expect(await pageKept("/jp/en/p/TIMED-PLAIN-10")).toBe(true);
    node.clock.at = fresh.getTime() + 48 * hour + 1;
    expect(await node.check()).toContain(marketTag("jp"));
  });

  it("every page's footer year is dropped when the new year begins", async () => {
    const newYear = new Date(2027, 0, 1).getTime();
    const node = instance(newYear - hour);
    expect(await node.check()).toEqual([]);
    await keepPage("/us/en/p/TIMED-PLAIN-10", [yearTag]);
    node.clock.at = newYear - 1;
    expect(await node.check()).toEqual([]);
    node.clock.at = newYear;
    expect(await node.check()).toEqual([yearTag]);
    expect(await pageKept("/us/en/p/TIMED-PLAIN-10")).toBe(false);
  });
});
