// Checkout tells shoppers "in stock", "only a few left" or "out of stock", never the supplier's
// numbers (issue 14 item 5): not on the page, not in the JSON the browser receives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteItems, toQuoteView } from "@/lib/orders/quote/quote";
import { createHarness, type Harness } from "../orders/harness";

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  h.control.publishChanges({ stock: { "TEST-INSTANT": 999_992, "TEST-PENDING": 3 } });
});
afterAll(() => h.close());

describe("checkout stock words", () => {
  it("says in stock for plenty, without the number", async () => {
    const view = toQuoteView(await quoteItems([{ itemCode: "TEST-INSTANT", quantity: 1 }]));
    expect(view.lines[0]).toMatchObject({ stock: { level: "in_stock", label: "In stock" }, problem: null });
    expect(JSON.stringify(view)).not.toMatch(/999[,.]?992|availableQuantity/);
  });

  it("says only a few left for a handful", async () => {
    const view = toQuoteView(await quoteItems([{ itemCode: "TEST-PENDING", quantity: 1 }]));
    expect(view.lines[0].stock).toEqual({ level: "few_left", label: "Only a few left" });
    expect(JSON.stringify(view)).not.toContain('"3"');
  });

  it("refuses more than there is in words, never with the supplier's count", async () => {
    const view = toQuoteView(await quoteItems([{ itemCode: "TEST-PENDING", quantity: 5 }]));
    // The live check answers 404 out_of_stock for this quantity: no count comes back at all.
    expect(view.lines[0].stock?.level ?? "unknown").not.toBe("in_stock");
    expect(view.lines[0].problem).toBe("TEST-PENDING does not have 5 in stock right now. Try a smaller quantity.");
    expect(view.problems.join(" ")).not.toMatch(/\b3\b/);
  });
});
