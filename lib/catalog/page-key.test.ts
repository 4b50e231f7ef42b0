import { describe, expect, it } from "vitest";
import { emptyPageKey, familyKey, listingKey, parseFamilyKey, parseListingKey } from "./page-key";

const q = (s: string) => new URLSearchParams(s);

describe("listing page keys", () => {
  it("gives a page without a query the empty key", () => {
    expect(listingKey(q(""))).toBe(emptyPageKey);
    expect(parseListingKey("_")).toEqual({ page: 1, instock: false });
  });

  it("makes every spelling of one page one key: order, blanks, invalid values, page 1, case and spaces of search words", () => {
    const one = listingKey(q("sort=price_asc&brand=Steam"));
    expect(listingKey(q("brand=Steam&sort=price_asc&region=&page=1&currency=x1"))).toBe(one);
    expect(one).toBe("_brand=Steam&sort=price_asc");
    expect(listingKey(q("q=%20Steam%20%20Wallet%20"))).toBe(listingKey(q("q=steam+wallet")));
    expect(listingKey(q("q=steam+wallet"))).toBe("_q=steam+wallet");
  });

  it("drops the filter a page's path already fixes", () => {
    expect(listingKey(q("type=game_card&page=2"), ["type"])).toBe("_page=2");
    expect(listingKey(q("brand=Steam"), ["brand"])).toBe("_");
  });

  it("reads back the filters of a canonical key and refuses any other spelling", () => {
    expect(parseListingKey("_brand=Steam&sort=price_asc")).toMatchObject({
      brand: "Steam",
      sort: "price_asc",
      page: 1,
    });
    expect(parseListingKey("_sort=price_asc&brand=Steam")).toBeNull();
    expect(parseListingKey("_q=Steam")).toBeNull();
    expect(parseListingKey("_page=1")).toBeNull();
    expect(parseListingKey("brand=Steam")).toBeNull();
    expect(parseListingKey("_type=gift_card", ["type"])).toBeNull();
  });

  it("serves a search whose words grow when lowercased (a capital dotted İ), at the longest a search may be", () => {
    // "İ" lowercases to two characters, "i" and a combining dot: 255 characters become 256.
    const key = listingKey(q(`q=${encodeURIComponent(`${"a".repeat(254)}İ`)}`));
    expect(parseListingKey(key)).not.toBeNull();
    expect(parseListingKey(encodeURIComponent(key))).not.toBeNull();
  });
});

describe("family page keys", () => {
  it("keeps a region, value and edition chosen in the URL, and then ignores the shopper's countries", () => {
    expect(familyKey(q("value=20&region=EU"), ["GB"])).toBe("_region=EU&value=20");
    expect(parseFamilyKey("_region=EU&value=20")).toEqual({
      region: "EU",
      value: "20",
      item: undefined,
      countries: [],
    });
  });

  it("opens a family without a region by the shopper's first three likely countries", () => {
    const key = familyKey(q(""), ["AT", "GB", "DE", "FR"]);
    expect(key).toBe("_near=AT%2CGB%2CDE");
    expect(parseFamilyKey(key)?.countries).toEqual(["AT", "GB", "DE"]);
    expect(familyKey(q(""), [])).toBe("_");
  });

  it("refuses a key that is not canonical", () => {
    expect(parseFamilyKey("_value=20&region=EU")).toBeNull();
    expect(parseFamilyKey("_near=gb")).toBeNull();
    expect(parseFamilyKey("_region=EU&near=GB")).toBeNull();
  });
});

describe("keys as a page receives them", () => {
  it("reads a segment still percent-encoded, as Next hands a rewritten one, and decoded", () => {
    expect(parseListingKey("_brand%3DSteam%26sort%3Dprice_asc")).toMatchObject({ brand: "Steam", sort: "price_asc" });
    expect(parseListingKey(encodeURIComponent("_q=100%25"))).toMatchObject({ q: "100%" });
    expect(parseListingKey("_q=100%25")).toMatchObject({ q: "100%" });
    expect(parseFamilyKey("_near%3DAT%252CGB")).toEqual({ countries: ["AT", "GB"] });
  });
});
