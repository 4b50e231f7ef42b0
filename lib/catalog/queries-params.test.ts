import { describe, expect, it } from "vitest";
import { parseBrowseParams, toQueryString } from "./browse-params";

describe("parseBrowseParams", () => {
  it("keeps valid filters from the URL", () => {
    const p = parseBrowseParams({
      q: " steam ",
      type: "gift_card",
      brand: "steam",
      region: "US",
      currency: "usd",
      country: "gb",
      delivery: "DIGITAL",
      min: "10",
      max: "50.5",
      instock: "1",
      sort: "price_desc",
      page: "3",
    });
    expect(p).toEqual({
      q: "steam",
      type: "gift_card",
      brand: "steam",
      region: "US",
      currency: "USD",
      country: "GB",
      delivery: "DIGITAL",
      min: "10",
      max: "50.5",
      instock: true,
      sort: "price_desc",
      page: 3,
    });
  });

  it("drops bad values instead of failing the page", () => {
    const p = parseBrowseParams({
      currency: "dollars",
      country: "USA",
      delivery: "EMAIL",
      min: "-1",
      max: "1e9",
      sort: "cheapest",
      page: "0",
      instock: "yes",
    });
    expect(p).toEqual({
      q: undefined,
      type: undefined,
      brand: undefined,
      region: undefined,
      currency: undefined,
      country: undefined,
      delivery: undefined,
      min: undefined,
      max: undefined,
      instock: false,
      sort: undefined,
      page: 1,
    });
  });

  it("caps the query at 255 characters and takes the first of repeated parameters", () => {
    const p = parseBrowseParams({ q: ["x".repeat(300), "y"], page: ["2", "5"] });
    expect(p.q).toHaveLength(255);
    expect(p.page).toBe(2);
  });

  it("drops a value holding a NUL byte (PostgreSQL text cannot hold one), even where the proxy did not look", () => {
    const p = parseBrowseParams({ q: "gift\u0000card", type: "gift\u0000", brand: "\u0000", region: "EU\u0000" });
    expect(p).toMatchObject({ q: undefined, type: undefined, brand: undefined, region: undefined });
  });

  it("treats empty form fields as not set", () => {
    expect(parseBrowseParams({ q: "", brand: "", min: "", sort: "" })).toMatchObject({
      q: undefined,
      brand: undefined,
      min: undefined,
      sort: undefined,
    });
  });
});

describe("toQueryString", () => {
  it("round-trips filters and omits defaults", () => {
    const p = parseBrowseParams({ q: "a b&c", region: "EU", instock: "1", page: "1" });
    expect(toQueryString(p)).toBe("?q=a+b%26c&region=EU&instock=1");
    expect(parseBrowseParams(Object.fromEntries(new URLSearchParams(toQueryString(p, { page: 4 }))))).toMatchObject({
      q: "a b&c",
      region: "EU",
      instock: true,
      page: 4,
    });
  });
});
