// A catalog is merged over English key by key: its own messages win, the ones it lacks read English.
import { describe, expect, it } from "vitest";
import { mergeMessages } from "./messages";

describe("mergeMessages", () => {
  it("keeps English for a key the language lacks and takes the language's own elsewhere", () => {
    const en = { cart: { title: "Your cart", empty: "Your cart is empty" }, pay: "Pay" };
    const id = { cart: { title: "Keranjang Anda" } };
    expect(mergeMessages(en, id)).toEqual({
      cart: { title: "Keranjang Anda", empty: "Your cart is empty" },
      pay: "Pay",
    });
  });
});
