// Amounts in a three-decimal currency (Kuwaiti dinar, 1 KWD = 1000 fils) keep their third decimal
// wherever an order's money is listed: the shopper's own orders (/account) and the staff's CSV
// export. "Amounts in views are decimal strings in the currency's charge unit"
// (docs/markets.md#receipts-and-emails); a fils rounded away is a total the shopper never paid.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamOrdersCsv } from "@/lib/admin/orders/csv";
import { parseOrderFilters } from "@/lib/admin/orders/filters";
import { listAccountOrders } from "@/lib/auth/account-orders";
import { db } from "@/lib/db";
import { createRoleUsers } from "../auth/helpers";
import { createHarness, type Harness } from "../orders/harness";
import { buyInMarket, createMarket, pinPrices } from "./market-harness";

let h: Harness;
let orderId: string;
beforeAll(async () => {
  h = await createHarness();
  // TEST-INSTANT: cost 19.37 → 21.31 USD.
  await pinPrices(h, { "TEST-INSTANT": ["19.37", "21.31"] });
  await createMarket({
    slug: "kw",
    name: "Kuwait",
    currency: "KWD",
    rate: "0.307",
    rateSetAt: new Date(h.clock.ms - 3_600_000),
    rounding: { kind: "none" },
  });
  // 21.31 × 0.307 = 6.54217 → 6.550 KWD (dinars are charged in steps of 10 fils), by the TEST provider.
  const { shown, result } = await buyInMarket(h, [{ itemCode: "TEST-INSTANT", quantity: 1 }], { market: "kw" });
  if (!result.ok) throw new Error(result.message);
  expect(shown).toMatchObject({ currency: "KWD", total: "6.550" });
  orderId = result.orderId;
});
afterAll(async () => h.close());

describe("a dinar order's amounts in lists", () => {
  it("shows the shopper their dinar order's total to the fils in their orders list", async () => {
    const users = await createRoleUsers("kw-lists");
    await db.order.update({ where: { id: orderId }, data: { userId: users.support.id } });
    const [listed] = await listAccountOrders(users.support.id);
    expect({ total: listed!.total, currency: listed!.currency }).toEqual({ total: "6.550", currency: "KWD" });
  });

  it("exports the dinar order's total, unit price and line total to the fils", async () => {
    const csv = await new Response(streamOrdersCsv(parseOrderFilters({}))).text();
    const row = csv.split("\n").find((r) => r.startsWith(`${orderId},`))!;
    const cells = row.split(",");
    // total, currency … unit_price, unit_cost, line_total (see the header).
    expect({ total: cells[4], currency: cells[5], unitPrice: cells[11], lineTotal: cells[13] }).toEqual({
      total: "6.550",
      currency: "KWD",
      unitPrice: "6.550",
      lineTotal: "6.550",
    });
  });
});
