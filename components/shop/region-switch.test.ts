import { NextIntlClientProvider } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { FamilyPage } from "@/lib/catalog/queries";
import { messagesFor } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/locales";
import { RegionSwitch } from "./region-switch";

const region = (code: string, label: string) => ({
  region: code,
  label,
  currencies: ["USD"],
  fromPrice: "10.00",
  inStock: true,
  valueCount: 1,
});

const render = (locale: Locale, regions: ReturnType<typeof region>[]) =>
  renderToStaticMarkup(
    // eslint-disable-next-line react/no-children-prop -- the provider's props type asks for them
    createElement(NextIntlClientProvider, {
      locale,
      messages: messagesFor(locale),
      timeZone: "UTC",
      children: createElement(RegionSwitch, {
        page: { slug: "steam", region: regions[0].region, value: null, regions } as unknown as FamilyPage,
      }),
    }),
  );

describe("RegionSwitch", () => {
  it("names the regions, and the only region's label, in the page's language", () => {
    const one = render("id", [region("US", "United States")]);
    expect(one).toContain(`${messagesFor("id").product.region}: <strong>Amerika Serikat</strong>`);
    const several = render("ar", [region("US", "United States"), region("UK", "United Kingdom")]);
    expect(several).not.toContain("United States");
    expect(several).not.toContain("United Kingdom");
    expect(several).toContain(new Intl.DisplayNames(["ar"], { type: "region" }).of("GB"));
  });

  it("keeps the shop's own English names", () => {
    expect(render("en", [region("EU", "Europe")])).toContain("Region: <strong>Europe</strong>");
  });
});
