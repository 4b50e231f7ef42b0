import { NextIntlClientProvider } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/locales";
import { SiteHeader } from "./site-header";

// The header's browser-only parts (search suggestions, cart count, switcher) need a mounted router.
vi.mock("./search-box", () => ({ SearchBox: () => null }));
vi.mock("./cart-link", () => ({ CartLink: () => null }));
vi.mock("./market-switcher", () => ({ MarketSwitcher: () => null }));

const header = (locale: Locale) =>
  renderToStaticMarkup(
    // eslint-disable-next-line react/no-children-prop -- the provider's props type asks for them
    createElement(NextIntlClientProvider, {
      locale,
      messages: messagesFor(locale),
      timeZone: "UTC",
      children: createElement(SiteHeader, {
        shopName: "Giftly",
        prefix: "/id",
        types: [
          { value: "gift_card", label: "Gift Cards" },
          { value: "direct_top_up", label: "Direct Top-Up" },
        ],
      }),
    }),
  );

describe("SiteHeader", () => {
  it("names the product types of its nav in the page's language", () => {
    const html = header("id");
    expect(html).toContain(`>${messagesFor("id").catalog.types.gift_card}</a>`);
    expect(html).toContain(`>${messagesFor("id").catalog.types.direct_top_up}</a>`);
    expect(html).not.toContain("Gift Cards");
  });
});
