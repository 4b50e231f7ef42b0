import { describe, expect, it } from "vitest";
import { directionOf, isLocale, locales } from "./locales";

describe("locales", () => {
  it("ships English, Bahasa Indonesia, Spanish, Brazilian Portuguese and Arabic", () => {
    expect([...locales]).toEqual(["en", "id", "es", "pt-BR", "ar"]);
  });
  it("writes Arabic right to left and the others left to right", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(locales.filter((l) => l !== "ar").map(directionOf)).toEqual(["ltr", "ltr", "ltr", "ltr"]);
  });
  it("knows only the shipped languages", () => {
    expect(isLocale("pt-BR")).toBe(true);
    expect(isLocale("pt")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
