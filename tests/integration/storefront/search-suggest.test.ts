// GET /api/search/suggest: families and item codes while a shopper types, typo-tolerant.
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/search/suggest/route";
import { createProducts } from "@/tests/helpers/catalog-fixtures";

type Answer = {
  query: string;
  searched: string;
  correctedFrom: string | null;
  suggestions: { kind: string; label: string; detail: string; href: string }[];
};
const suggest = async (q: string) => {
  const res = await GET(new Request(`http://shop.test/api/search/suggest?q=${encodeURIComponent(q)}`));
  return { status: res.status, body: (await res.json()) as Answer };
};

beforeAll(async () => {
  await createProducts([
    { itemCode: "STEAM-US-50", brandName: "Steam", productName: "Steam Wallet $50", productType: "game_card" },
    { itemCode: "STEAM-US-20", brandName: "Steam", productName: "Steam Wallet $20", productType: "game_card" },
    { itemCode: "STEAM-GIFT-10", brandName: "Steam", productName: "Steam Gift $10", productType: "gift_card" },
    { itemCode: "PSN-US-10", brandName: "PlayStation", productName: "PlayStation Store $10", productType: "game_card" },
    { itemCode: "STEAM-HIDDEN", brandName: "Steam", productName: "Steam Wallet $99", hidden: true },
  ]);
});

describe("search suggestions", () => {
  it("suggests the families a prefix points at, largest first, with their counts and family pages", async () => {
    const { status, body } = await suggest("stea");
    expect(status).toBe(200);
    expect(body.suggestions).toEqual([
      { kind: "family", label: "Steam", detail: "Game Cards · 2 products", href: "/f/steam-game-card" },
      { kind: "family", label: "Steam", detail: "Gift Cards · 1 product", href: "/f/steam-gift-card" },
    ]);
    expect((await suggest("steam gift")).body.suggestions.map((s) => s.detail)).toEqual(["Gift Cards · 1 product"]);
  });

  it("suggests what a typo means, and says so", async () => {
    const { body } = await suggest("playstaion");
    expect(body).toMatchObject({ correctedFrom: "playstaion", searched: "playstation" });
    expect(body.suggestions.map((s) => s.label)).toEqual(["PlayStation"]);
  });

  it("puts item codes starting with the query first, never hidden ones", async () => {
    const { body } = await suggest("steam-");
    expect(body.suggestions.filter((s) => s.kind === "product").map((s) => s.label)).toEqual([
      "STEAM-GIFT-10",
      "STEAM-US-20",
      "STEAM-US-50",
    ]);
    expect(body.suggestions[0]).toMatchObject({ detail: "Steam Gift $10", href: "/p/STEAM-GIFT-10" });
  });

  it("answers one letter, gibberish and a blank query with nothing, and refuses an overlong one", async () => {
    expect((await suggest("s")).body.suggestions).toEqual([]);
    expect((await suggest("qqxqqzq")).body.suggestions).toEqual([]);
    expect((await suggest("")).body.suggestions).toEqual([]);
    expect((await suggest("x".repeat(101))).status).toBe(422);
  });
});
