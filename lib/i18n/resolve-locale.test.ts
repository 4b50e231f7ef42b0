// The order a render's language is taken in: the page's own, the proxy's header, English.
import { describe, expect, it, vi } from "vitest";
import { resolveLocale } from "./resolve-locale";

describe("resolveLocale", () => {
  it("takes the language the page set and never reads the request then", async () => {
    const header = vi.fn(async () => "es");
    expect(await resolveLocale("ar", header)).toBe("ar");
    expect(header).not.toHaveBeenCalled();
  });

  it("takes the proxy's header when the page set none", async () => {
    expect(await resolveLocale(undefined, async () => "pt-BR")).toBe("pt-BR");
  });

  it("skips a language the shop does not ship, from the page or the header, down to English", async () => {
    expect(await resolveLocale("fr", async () => "id")).toBe("id");
    expect(await resolveLocale(undefined, async () => "fr")).toBe("en");
    expect(await resolveLocale(undefined, async () => null)).toBe("en");
  });
});
