import { describe, expect, it } from "vitest";
import { formatMarketMoney } from "@/lib/markets/format";
import { buildShopperTimeline } from "./shopper-timeline";

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const ev = (
  s: number,
  message: string,
  lineId: string | null = null,
  fromStatus: string | null = null,
  toStatus: string | null = null,
) => ({ createdAt: at(s), message, lineId, fromStatus, toStatus });

describe("buildShopperTimeline", () => {
  it("says a payment was confirmed once, not then again as 'Paid.'", () => {
    const timeline = buildShopperTimeline(
      [
        ev(0, "Order placed.", null, null, "awaiting_payment"),
        ev(1, "Payment of 10.99 USD confirmed.", null, "awaiting_payment", "paid"),
        ev(1, "Paid.", "l1", "awaiting_payment", "paid"),
        ev(2, "Buying your item from the supplier.", "l1", "paid", "purchasing"),
        ev(3, "Your codes are ready.", "l1", "purchasing", "delivered"),
        ev(3, "Your order is complete.", null, "paid", "completed"),
      ],
      [{ id: "l1", productName: "Steam $10" }],
    );
    expect(timeline.map((t) => t.message)).toEqual([
      "Order placed.",
      "Payment of 10.99 USD confirmed.",
      "Buying your item from the supplier.",
      "Your codes are ready.",
      "Your order is complete.",
    ]);
  });

  it("names the product on line events when the order has several lines, and drops exact repeats", () => {
    const timeline = buildShopperTimeline(
      [
        ev(0, "Payment declined.", null, "awaiting_payment", "cancelled"),
        ev(0, "Not charged.", "a", "awaiting_payment", "cancelled"),
        ev(1, "The supplier is processing your order.", "a", "purchasing", "pending_upstream"),
        ev(2, "The supplier is processing your order.", "b", "purchasing", "pending_upstream"),
        ev(3, "Codes for Steam $10 were revealed.", "a"),
        ev(4, "Note", null),
        ev(5, "Note", null),
      ],
      [
        { id: "a", productName: "Steam $10" },
        { id: "b", productName: "PUBG 60 UC" },
      ],
    );
    expect(timeline.map((t) => t.message)).toEqual([
      "Payment declined.",
      "Steam $10: The supplier is processing your order.",
      "PUBG 60 UC: The supplier is processing your order.",
      "Codes for Steam $10 were revealed.",
      "Note",
    ]);
  });

  it("never shows staff notes", () => {
    const timeline = buildShopperTimeline(
      [
        { ...ev(0, "Order placed."), kind: "transition" },
        { ...ev(1, "Handled: short delivery claimed"), kind: "staff_note" },
      ],
      [],
    );
    expect(timeline.map((t) => t.message)).toEqual(["Order placed."]);
  });
});

describe("buildShopperTimeline in the order's language", () => {
  const keyed = (s: number, key: string, args?: object, message = "English words.") => ({
    ...ev(s, message),
    messageKey: key,
    messageArgs: args ? JSON.stringify(args) : null,
  });

  it("writes a stored key in the order's language, its amount the language's way and a known reason translated", () => {
    const timeline = buildShopperTimeline(
      [
        keyed(0, "placed"),
        keyed(1, "refundedLine", {
          amount: { money: "359000", currency: "IDR" },
          reason: "The item went out of stock at the supplier.",
        }),
      ],
      [],
      "id",
    );
    expect(timeline.map((t) => t.message)).toEqual([
      "Pesanan dibuat.",
      `Dana ${formatMarketMoney("359000", "IDR", "id")} dikembalikan: Stok item ini habis di pemasok.`,
    ]);
  });

  it("keeps a reason the shop did not write (the supplier's own words) as sent", () => {
    const timeline = buildShopperTimeline([keyed(0, "failed", { reason: "Región no admitida" })], [], "ar");
    expect(timeline.map((t) => t.message)).toEqual(["Región no admitida"]);
  });

  it("shows the stored sentence of a row without a key, or with a key no catalog has", () => {
    const timeline = buildShopperTimeline([ev(0, "Old words."), keyed(1, "gone", undefined, "Newer words.")], [], "es");
    expect(timeline.map((t) => t.message)).toEqual(["Old words.", "Newer words."]);
  });
});
