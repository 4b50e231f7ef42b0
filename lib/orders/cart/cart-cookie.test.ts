import { describe, expect, it } from "vitest";
import { addToCart, parseCart, serializeCart, setCartQuantity } from "./cart-cookie";

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
});
