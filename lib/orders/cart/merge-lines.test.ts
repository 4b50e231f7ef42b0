import { describe, expect, it } from "vitest";
import { cartItemSchema, quoteRequestSchema } from "./checkout-schema";
import { parseCart, serializeCart } from "./cart-cookie";
import { mergeIdenticalLines } from "./merge-lines";

describe("mergeIdenticalLines", () => {
  it("sums identical SKUs in first-seen order", () => {
    const lines = [
      { itemCode: "A", quantity: 1 },
      { itemCode: "B", quantity: 2 },
      { itemCode: "A", quantity: 3 },
    ];
    expect(mergeIdenticalLines(lines)).toEqual([
      { itemCode: "A", quantity: 4 },
      { itemCode: "B", quantity: 2 },
    ]);
  });

  it("keeps top-ups for different accounts apart and merges the same account in any key order", () => {
    const lines = [
      { itemCode: "T", quantity: 1, fields: { player_id: "111111", zone: "1" } },
      { itemCode: "T", quantity: 1, fields: { player_id: "222222", zone: "1" } },
      { itemCode: "T", quantity: 1, fields: { zone: "1", player_id: "111111" } },
    ];
    expect(mergeIdenticalLines(lines).map((l) => [l.fields?.player_id, l.quantity])).toEqual([
      ["111111", 2],
      ["222222", 1],
    ]);
  });

  it("merges a quote request's lines and a hand-made cart cookie's", () => {
    const item = (quantity: number) => cartItemSchema.parse({ itemCode: "SKU-1", quantity });
    const parsed = quoteRequestSchema.parse({ items: Array.from({ length: 20 }, () => item(1)) });
    expect(parsed.items).toEqual([{ itemCode: "SKU-1", quantity: 20 }]);
    const cookie = serializeCart([
      { itemCode: "SKU-1", quantity: 2 },
      { itemCode: "SKU-1", quantity: 5 },
    ]);
    expect(parseCart(cookie)).toEqual([{ itemCode: "SKU-1", quantity: 7 }]);
  });
});
