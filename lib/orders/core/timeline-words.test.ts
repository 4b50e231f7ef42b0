import { describe, expect, it } from "vitest";
import { eventColumns, say, timelineMoney } from "./timeline-words";

describe("say", () => {
  it("keeps the English sentence staff read, amounts as '359000 IDR', beside the key and its facts", () => {
    const said = say("refundedLine", { amount: timelineMoney("359000", "IDR"), reason: "Out of stock." });
    expect(said.message).toBe("Refunded 359000 IDR: Out of stock.");
    expect(eventColumns(said)).toEqual({
      message: "Refunded 359000 IDR: Out of stock.",
      messageKey: "refundedLine",
      messageArgs: JSON.stringify({ amount: { money: "359000", currency: "IDR" }, reason: "Out of stock." }),
    });
  });

  it("stores no facts for an entry that has none", () => {
    expect(eventColumns(say("paid"))).toEqual({ message: "Paid.", messageKey: "paid", messageArgs: undefined });
  });
});
