import { describe, expect, it } from "vitest";
import { hasMalformedEncoding } from "./malformed-path";

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
