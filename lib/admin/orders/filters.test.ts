import { describe, expect, it } from "vitest";
import { filtersToParams, parseOrderFilters } from "./filters";

describe("parseOrderFilters", () => {
  it("reads every filter from the URL", () => {
    const f = parseOrderFilters({
      q: " ORD-1 ",
      state: "paid",
      email: "a@b.co",
      type: "gift_card",
      from: "2026-11-01",
      to: "2026-11-25",
      page: "3",
    });
    expect(f).toEqual({
      q: "ORD-1",
      state: "paid",
      email: "a@b.co",
      type: "gift_card",
      from: "2026-11-01",
      to: "2026-11-25",
      page: 3,
    });
  });

  it("drops bad values one by one instead of failing the page", () => {
    const f = parseOrderFilters({ state: "hacked", from: "yesterday", page: "-1", email: "x@y.z" });
    expect(f).toEqual({ page: 1, email: "x@y.z" });
  });

  it("takes the first of repeated parameters and treats empty as unset", () => {
    expect(parseOrderFilters({ state: ["paid", "cancelled"], q: "" })).toMatchObject({
      state: "paid",
      q: undefined,
      page: 1,
    });
  });

  it("round-trips to URL params without the page", () => {
    expect(filtersToParams(parseOrderFilters({ state: "paid", page: "2" }))).toEqual({
      q: undefined,
      state: "paid",
      email: undefined,
      type: undefined,
      from: undefined,
      to: undefined,
    });
  });
});
