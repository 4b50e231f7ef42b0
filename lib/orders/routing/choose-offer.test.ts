import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/pricing/decimal";
import { routeKept, routeLine, type Offer, type SupplierState } from "./choose-offer";

const offer = (supplier: string, unitCost: string, inStock = true): Offer => ({
  supplier,
  itemCode: `${supplier.toUpperCase()}-STEAM-20`,
  unitCost: new Decimal(unitCost),
  inStock,
});
const supplier = (name: string, over: Partial<SupplierState> = {}): SupplierState => ({
  name,
  priority: 10,
  enabled: true,
  paused: false,
  failing: false,
  hasBudget: true,
  walletAvailable: new Decimal(1000),
  ...over,
});

describe("routeLine", () => {
  it("tries the cheapest in-stock offer first, then the next cheapest", () => {
    const route = routeLine(
      [offer("a", "18.40"), offer("b", "18.10"), offer("c", "19.00")],
      [supplier("a"), supplier("b"), supplier("c")],
      1,
    );
    expect(route.candidates.map((o) => o.supplier)).toEqual(["b", "a", "c"]);
    expect(route.passedOver).toEqual([]);
  });

  it("breaks a tie of cost by the owner's priority, then by name, whatever order the offers came in", () => {
    const suppliers = [
      supplier("a", { priority: 20 }),
      supplier("b", { priority: 10 }),
      supplier("c", { priority: 10 }),
    ];
    const offers = [offer("c", "18"), offer("a", "18"), offer("b", "18.00")];
    expect(routeLine(offers, suppliers, 1).candidates.map((o) => o.supplier)).toEqual(["b", "c", "a"]);
    expect(routeLine([...offers].reverse(), suppliers, 1).candidates.map((o) => o.supplier)).toEqual(["b", "c", "a"]);
  });

  it("passes over a supplier that is out of stock, disabled, paused, failing, without budget or whose wallet does not cover the line, and says why", () => {
    const route = routeLine(
      [
        offer("a", "10", false),
        offer("b", "10"),
        offer("c", "10"),
        offer("d", "10"),
        offer("e", "10"),
        offer("f", "11"),
        offer("g", "10"),
        offer("h", "9"),
      ],
      [
        supplier("a"),
        supplier("b", { enabled: false }),
        supplier("c", { paused: true }),
        supplier("d", { hasBudget: false }),
        supplier("e", { walletAvailable: new Decimal("29.99") }),
        supplier("f", { walletAvailable: null }),
        supplier("h", { failing: true }),
      ],
      3,
    );
    expect(route.candidates.map((o) => o.supplier)).toEqual(["f"]);
    expect(route.passedOver).toEqual([
      { supplier: "a", reason: "out_of_stock" },
      { supplier: "b", reason: "disabled" },
      { supplier: "c", reason: "paused" },
      { supplier: "d", reason: "no_budget" },
      { supplier: "e", reason: "wallet_short" },
      { supplier: "g", reason: "unknown_supplier" },
      { supplier: "h", reason: "failing" },
    ]);
  });

  it("never offers again a supplier whose attempt for this line already failed", () => {
    const route = routeLine([offer("a", "10"), offer("b", "12")], [supplier("a"), supplier("b")], 1, new Set(["a"]));
    expect(route.candidates.map((o) => o.supplier)).toEqual(["b"]);
    expect(route.passedOver).toEqual([{ supplier: "a", reason: "tried" }]);
  });

  it("answers no candidate when nothing can be bought now", () => {
    expect(routeLine([offer("a", "10", false)], [supplier("a")], 1).candidates).toEqual([]);
    expect(routeLine([], [supplier("a")], 1).candidates).toEqual([]);
  });
});

describe("routeLine spreads ties over the suppliers' budgets", () => {
  it("breaks a tie of cost and priority toward the supplier with more of its minute's budget left", () => {
    // Without it every equal-cost line goes to b by name until b's budget is spent, and main waits.
    const states = [
      { ...supplier("main"), budgetLeft: 80 },
      { ...supplier("b"), budgetLeft: 10 },
    ] as SupplierState[];
    const offers = [offer("b", "18.00"), offer("main", "18.00")];
    expect(routeLine(offers, states, 1).candidates.map((o) => o.supplier)).toEqual(["main", "b"]);
    const turned = [
      { ...supplier("main"), budgetLeft: 10 },
      { ...supplier("b"), budgetLeft: 80 },
    ] as SupplierState[];
    expect(routeLine(offers, turned, 1).candidates.map((o) => o.supplier)).toEqual(["b", "main"]);
  });

  it("still puts the owner's priority before the budget left", () => {
    const states = [
      { ...supplier("main", { priority: 5 }), budgetLeft: 10 },
      { ...supplier("b"), budgetLeft: 80 },
    ] as SupplierState[];
    const offers = [offer("b", "18.00"), offer("main", "18.00")];
    expect(routeLine(offers, states, 1).candidates.map((o) => o.supplier)).toEqual(["main", "b"]);
  });
});

describe("routeKept", () => {
  const kept = { supplier: "b", itemCode: "B-STEAM-20" };

  it("keeps the line's offer first though another is now cheaper", () => {
    const route = routeKept([offer("a", "18.00"), offer("b", "18.40")], [supplier("a"), supplier("b")], 1, kept);
    expect(route.candidates.map((o) => o.supplier)).toEqual(["b", "a"]);
  });

  it("keeps the line's offer while its supplier's request budget is spent for the minute", () => {
    const states = [supplier("a"), supplier("b", { hasBudget: false })];
    const route = routeKept([offer("a", "18.00"), offer("b", "18.00")], states, 1, kept);
    expect(route.candidates.map((o) => o.supplier)).toEqual(["b", "a"]);
  });

  it("moves the line when its supplier became unable: out of stock, paused or failing", () => {
    const offers = [offer("a", "18.00"), offer("b", "17.00")];
    for (const over of [{ paused: true }, { failing: true }, { enabled: false }]) {
      const route = routeKept(offers, [supplier("a"), supplier("b", over)], 1, kept);
      expect(route.candidates.map((o) => o.supplier)).toEqual(["a"]);
    }
    const soldOut = routeKept(
      [offer("a", "18.00"), offer("b", "17.00", false)],
      [supplier("a"), supplier("b")],
      1,
      kept,
    );
    expect(soldOut.candidates.map((o) => o.supplier)).toEqual(["a"]);
  });

  it("still passes over another supplier whose budget is spent", () => {
    const states = [supplier("a", { hasBudget: false }), supplier("b")];
    const route = routeKept([offer("a", "17.00"), offer("b", "18.00")], states, 1, kept);
    expect(route.candidates.map((o) => o.supplier)).toEqual(["b"]);
    expect(route.passedOver).toEqual([{ supplier: "a", reason: "no_budget" }]);
  });
});
