import { describe, expect, it } from "vitest";
import { addToCart, parseCart, parseCartCookie, pricedAgainIn, serializeCart, setCartQuantity } from "./cart-cookie";

describe("cart cookie", () => {
  it("round-trips a cart and merges repeated adds up to 100", () => {
    let cart = addToCart([], "A-1", 60);
    cart = addToCart(cart, "A-1", 60);
    expect(parseCart(serializeCart(cart))).toEqual([{ itemCode: "A-1", quantity: 100 }]);
  });
  it("treats a tampered cookie (prices, junk) as an empty cart", () => {
    expect(parseCart(btoa(JSON.stringify([{ itemCode: "A", quantity: 1, price: "0.01" }])))).toEqual([]);
    expect(parseCart("%%%")).toEqual([]);
  });
  it("removes a line set to zero", () => {
    expect(setCartQuantity([{ itemCode: "A", quantity: 2 }], "A", 0)).toEqual([]);
  });
  it("records the market the cart belongs to", () => {
    const value = serializeCart([{ itemCode: "A", quantity: 2 }], "id");
    expect(parseCartCookie(value)).toEqual({ market: "id", lines: [{ itemCode: "A", quantity: 2 }] });
    expect(parseCart(value)).toEqual([{ itemCode: "A", quantity: 2 }]);
  });
  it("reads an old cookie without a market as a cart of the default market", () => {
    const old = btoa(JSON.stringify([{ itemCode: "A", quantity: 1 }]));
    expect(parseCartCookie(old)).toEqual({ market: null, lines: [{ itemCode: "A", quantity: 1 }] });
  });
  it("refuses a market that is not a slug", () => {
    const value = btoa(JSON.stringify({ market: "<x>", lines: [{ itemCode: "A", quantity: 1 }] }));
    expect(parseCartCookie(value)).toEqual({ market: null, lines: [] });
  });
  it("prices a cart again when it is opened under another market than its own", () => {
    const lines = [{ itemCode: "A", quantity: 1 }];
    expect(pricedAgainIn({ market: "id", lines }, "br", "us")).toBe(true);
    expect(pricedAgainIn({ market: null, lines }, "id", "us")).toBe(true);
    expect(pricedAgainIn({ market: "id", lines }, "id", "us")).toBe(false);
    expect(pricedAgainIn({ market: null, lines }, "us", "us")).toBe(false);
    expect(pricedAgainIn({ market: "id", lines: [] }, "br", "us")).toBe(false);
  });
});
