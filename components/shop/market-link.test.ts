import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarketLink } from "./market-link";
import { MarketPathProvider } from "./market-path";

const tile = (prefix: string, href: string) =>
  renderToStaticMarkup(
    createElement(MarketPathProvider, { market: "id", prefix }, createElement(MarketLink, { href }, "Steam")),
  );

describe("MarketLink", () => {
  it("opens a product tile on an Indonesian page under /id", () => {
    expect(tile("/id", "/p/STEAM-EU-20")).toContain('href="/id/p/STEAM-EU-20"');
    expect(tile("/id/en", "/f/steam?region=EU")).toContain('href="/id/en/f/steam?region=EU"');
  });
  it("keeps an unprefixed link in the default market's default language", () => {
    expect(tile("", "/p/STEAM-EU-20")).toContain('href="/p/STEAM-EU-20"');
  });
});
