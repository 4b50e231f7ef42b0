// The shop's English answers are matched to their catalog key, and every key exists in English.
import { describe, expect, it } from "vitest";
import { checkoutSchema } from "@/lib/orders/cart/checkout-schema";
import { messagesFor } from "./messages";
import { shopperMessageKey } from "./shopper-messages";
import { translatorFor } from "./translator";

describe("shopperMessageKey", () => {
  it("matches checkout's own validation messages, which then read in Indonesian", () => {
    const parsed = checkoutSchema.safeParse({ email: "nope", items: [], expectedTotal: "1.00" });
    const messages = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(["Enter a valid email address.", "Your cart is empty."]));
    const t = translatorFor("id", "validation");
    const shown = messages.map((m) => shopperMessageKey(m)).map((k) => (k ? t(k.key as "email") : null));
    expect(shown).toEqual(
      expect.arrayContaining(["Masukkan alamat email yang valid.", "Keranjang Anda masih kosong."]),
    );
  });

  it("matches a top-up field's messages with the field's own label as sent", () => {
    expect(shopperMessageKey("Player ID is required.")).toEqual({ key: "required", values: { field: "Player ID" } });
    expect(shopperMessageKey("Zone can be at most 8 characters.")).toEqual({
      key: "tooLong",
      values: { field: "Zone", max: "8" },
    });
  });

  it("leaves an answer it does not know as sent", () => {
    expect(shopperMessageKey("Steam 20 USD is out of stock right now.")).toBeNull();
  });

  it("has every key it can answer with in the English catalog", () => {
    const english = messagesFor("en").validation as Record<string, string>;
    for (const m of [
      "Enter a valid email address.",
      "Use MM/YY.",
      "3 or 4 digits.",
      "Please check the form.",
      "Enter the code as you received it.",
    ])
      expect(english[shopperMessageKey(m)!.key]).toBe(m);
  });
});
