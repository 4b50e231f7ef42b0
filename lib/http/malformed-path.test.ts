import { describe, expect, it } from "vitest";
import { hasMalformedEncoding, queryHoldsNul } from "./malformed-path";

describe("hasMalformedEncoding", () => {
  it.each([
    "/p/%E0%A4%A",
    "/c/%ZZ",
    "/sandbox/v1/catalog/%E0%A4%A",
    "/p/%",
    "/p/%FF",
    "/p/%E0%A4",
    "/api/orders/%C0%AF",
  ])("finds %s malformed", (path) => expect(hasMalformedEncoding(path)).toBe(true));

  it.each(["/", "/p/STEAM-EU-20", "/p/caf%C3%A9", "/search", "/c/gift%20cards", "/p/%25"])(
    "reads %s as well formed",
    (path) => expect(hasMalformedEncoding(path)).toBe(false),
  );
});

describe("a NUL byte (PostgreSQL text cannot hold one: the lookup would fail with a 500)", () => {
  it.each(["/p/%00", "/c/gift%00cards", "/b/%2500%00", "/sandbox/v1/catalog/%00"])(
    "finds the path %s malformed",
    (path) => expect(hasMalformedEncoding(path)).toBe(true),
  );

  it.each(["?q=%00", "?q=gift&brand=a%00b", "?%00=x"])("finds the query %s malformed", (search) =>
    expect(queryHoldsNul(search)).toBe(true),
  );

  it.each(["", "?q=gift+cards", "?q=%2500", "?q=%E0%A4%A"])("reads the query %s as well formed", (search) =>
    expect(queryHoldsNul(search)).toBe(false),
  );
});
