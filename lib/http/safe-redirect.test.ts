import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const origin = "https://shop.example";

describe("safeRedirectPath", () => {
  it.each([
    ["/account", "/account"],
    ["/admin/orders?q=abc#top", "/admin/orders?q=abc#top"],
    ["/search?q=steam%20card", "/search?q=steam%20card"],
    ["https://shop.example/admin", "/admin"],
    ["/", "/"],
  ])("follows the same-site target %s", (input, expected) => {
    expect(safeRedirectPath(input, origin)).toBe(expected);
  });

  it.each([
    "/\\evil.example/steal", // the issue's /%5Cevil.example/… once decoded
    "/\tevil.example",
    "/\t/evil.example/steal", // the issue's /%09/evil.example/…
    "//evil.example/steal",
    "/\\/evil.example",
    "\\\\evil.example",
    "https:evil.example",
    "https://evil.example/steal",
    "http://shop.example/admin", // another scheme is another origin
    "https://shop.example.evil.example/",
    "/%5Cevil.example/steal", // still encoded: refused rather than guessed at
    "/%09/evil.example",
    "/%2F/evil.example",
    "%2F%2Fevil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.example",
    "",
    " /account",
  ])("refuses %j and falls back", (input) => {
    expect(safeRedirectPath(input, origin)).toBe("/account");
    expect(safeRedirectPath(input, origin, "/admin")).toBe("/admin");
  });

  it.each([
    "/.//evil.example", // the issue's /.%2F%2Fevil.example once decoded: dot segments removed, "//evil.example"
    "/.%2F%2Fevil.example",
    "/./%2F/evil.example",
    "/a/..//evil.example",
    "/a/../%2Fevil.example",
    "/./%5Cevil.example",
    "/.%2F%5Cevil.example",
    "/%2E/%2Fevil.example",
    "https://shop.example//evil.example", // same origin, protocol-relative path
    "https://shop.example/.//evil.example",
    "/%252F%252Fevil.example", // twice encoded: "//evil.example" after two decodings
    "/.%252F%252Fevil.example",
  ])("never yields a protocol-relative target for %j, however decoded and normalised", (input) => {
    const target = safeRedirectPath(input, origin);
    expect(target).toMatch(/^\/(?![/\\])/);
    expect(target).toBe("/account");
  });

  it("takes the first of repeated query values and refuses non-strings", () => {
    expect(safeRedirectPath(["/admin", "//evil.example"], origin)).toBe("/admin");
    expect(safeRedirectPath(undefined, origin)).toBe("/account");
    expect(safeRedirectPath(42 as unknown as string, origin)).toBe("/account");
  });

  it("refuses very long targets", () => {
    expect(safeRedirectPath(`/${"a".repeat(3000)}`, origin)).toBe("/account");
  });
});
