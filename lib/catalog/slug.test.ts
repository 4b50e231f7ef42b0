import { describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it("makes URL-safe slugs from names with spaces, ampersands and accents", () => {
    expect(slugify("Google Play & Co.")).toBe("google-play-and-co");
    expect(slugify("  Entertainment / Music  ")).toBe("entertainment-music");
    expect(slugify("Café Crème")).toBe("cafe-creme");
    expect(slugify("Disney+")).toBe("disney-plus");
  });
  it("never returns an empty slug", () => {
    expect(slugify("!!!")).toBe("item");
  });
  it("adds a suffix when two names slugify alike", () => {
    const taken = new Set<string>();
    expect(uniqueSlug("A & B", taken)).toBe("a-and-b");
    expect(uniqueSlug("A and B", taken)).toBe("a-and-b-2");
  });
});
