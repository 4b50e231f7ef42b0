import { describe, expect, it } from "vitest";
import { pathUnderPrefix } from "./prefix-path";

describe("pathUnderPrefix", () => {
  it("puts a page's path under a market's prefix", () => {
    expect(pathUnderPrefix("/id", "/p/STEAM-EU-20")).toBe("/id/p/STEAM-EU-20");
    expect(pathUnderPrefix("/id/en", "/cart")).toBe("/id/en/cart");
    expect(pathUnderPrefix("/id", "/search?q=steam")).toBe("/id/search?q=steam");
  });
  it("writes the home page as the bare prefix, keeping its query", () => {
    expect(pathUnderPrefix("/id", "/")).toBe("/id");
    expect(pathUnderPrefix("/id/en", "/?q=a")).toBe("/id/en?q=a");
  });
  it("leaves a path alone in the default market's default language", () => {
    expect(pathUnderPrefix("", "/p/X")).toBe("/p/X");
    expect(pathUnderPrefix("", "/")).toBe("/");
  });
  it("never prefixes another site or an anchor", () => {
    expect(pathUnderPrefix("/id", "https://example.com/x")).toBe("https://example.com/x");
    expect(pathUnderPrefix("/id", "//example.com/x")).toBe("//example.com/x");
    expect(pathUnderPrefix("/id", "#main")).toBe("#main");
  });
  it("leaves a path that is already under the prefix as it is", () => {
    expect(pathUnderPrefix("/id", "/id/p/X")).toBe("/id/p/X");
    expect(pathUnderPrefix("/id", "/id")).toBe("/id");
    expect(pathUnderPrefix("/id", "/id?q=a")).toBe("/id?q=a");
    expect(pathUnderPrefix("/id", "/idea")).toBe("/id/idea");
  });
});
