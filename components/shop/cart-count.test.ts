import { describe, expect, it } from "vitest";
import { cartCookieName, parseCart, serializeCart } from "@/lib/orders/cart/cart-cookie";
import { cartCookieNameForCount, countCartItems } from "./cart-count";

describe("countCartItems", () => {
  it("counts what the server's cart parser reads, for the same cookie", () => {
    const value = serializeCart([
      { itemCode: "STEAM-US-10", quantity: 2 },
      { itemCode: "PSN-EU-20", quantity: 3 },
    ]);
    expect(countCartItems(value)).toBe(parseCart(value).reduce((n, l) => n + l.quantity, 0));
    expect(countCartItems(value)).toBe(5);
    expect(cartCookieNameForCount).toBe(cartCookieName);
  });
  it("counts a cart that records its market", () => {
    expect(countCartItems(serializeCart([{ itemCode: "STEAM-US-10", quantity: 4 }], "id"))).toBe(4);
  });
  it("counts a malformed cookie as empty", () => {
    for (const v of [undefined, "", "%%%", btoa("{}"), btoa('[{"quantity":"2"},{"quantity":1000}]')])
      expect(countCartItems(v)).toBe(0);
  });
});
