// A code's usage limits hold under concurrency, because its use is claimed with the order in
// one transaction before the payment provider is called: of two checkouts racing for the last
// use one wins and the other pays nothing. An order that ends unpaid or wholly refunded gives
// the use back; one that delivered keeps it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { createRoleUsers, type TestUsers } from "../auth/helpers";
import { cards, createHarness, type Harness } from "../orders/harness";
import { buyWithCode, createPromo, orderOf, usedCount } from "./promo-harness";

let h: Harness;
let users: TestUsers;
beforeAll(async () => {
  h = await createHarness();
  users = await createRoleUsers("promo-usage");
  h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "19.37", "TEST-FAIL": "19.37" } });
  for (const itemCode of ["TEST-INSTANT", "TEST-FAIL"])
    await db.product.update({ where: { itemCode }, data: { chargedPrice: "19.37", shopPrice: "21.31" } });
});
afterAll(async () => h.close());

const outcome = (r: { ok: boolean; message?: string }) => (r.ok ? "paid" : r.message);

describe("usage limits", () => {
  it("gives the last use to one of two racing checkouts; the other is told and nothing of it is stored", async () => {
    await createPromo({ code: "LAST-ONE", maxUses: 1 });
    const orders = await db.order.count();
    const results = await Promise.all([
      buyWithCode(h, [{ itemCode: "TEST-INSTANT" }], "LAST-ONE", { email: "first@example.com" }),
      buyWithCode(h, [{ itemCode: "TEST-INSTANT" }], "LAST-ONE", { email: "second@example.com" }),
    ]);
    expect(results.map(outcome).sort()).toEqual(["This code has been used up.", "paid"]);
    const lost = results.find((r) => !r.ok)!;
    expect(lost).toMatchObject({
      fieldErrors: { promoCode: ["This code has been used up."] },
      quote: { total: "21.31", promo: null },
    });
    expect(await db.order.count()).toBe(orders + 1);
    expect(await usedCount("LAST-ONE")).toBe(1);
    expect(await db.promoRedemption.count({ where: { promoCode: { code: "LAST-ONE" } } })).toBe(1);
  });

  it("lets ten racing checkouts take exactly the five uses a code has", async () => {
    await createPromo({ code: "FIVE-USES", maxUses: 5 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        buyWithCode(h, [{ itemCode: "TEST-INSTANT" }], "FIVE-USES", { email: `racer${i}@example.com` }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await usedCount("FIVE-USES")).toBe(5);
    expect(await db.promoRedemption.count({ where: { promoCode: { code: "FIVE-USES" }, status: "active" } })).toBe(5);
  });

  it("gives one use per shopper even to checkouts racing with the same mailbox", async () => {
    await createPromo({ code: "ONCE-EACH", maxUsesPerShopper: 1 });
    const emails = [
      "Ann.Lee@example.com",
      "ann.lee+again@example.com",
      "ann.lee@EXAMPLE.com",
      "ann.lee+3@example.com",
      "ann.lee+4@example.com",
      "ann.lee+5@example.com",
    ];
    const results = await Promise.all(
      emails.map((email) => buyWithCode(h, [{ itemCode: "TEST-INSTANT" }], "ONCE-EACH", { email })),
    );
    expect(results.map(outcome).sort()).toEqual([...Array(5).fill("You have already used this code."), "paid"]);
    expect(await usedCount("ONCE-EACH")).toBe(1);
    // Later, another email from the same signed-in account is the same shopper; a stranger is not.
    await createPromo({ code: "ONCE-ACCOUNT", maxUsesPerShopper: 1 });
    expect(
      outcome(
        await buyWithCode(h, [{ itemCode: "TEST-INSTANT" }], "ONCE-ACCOUNT", {
          email: "one@example.com",
          userId: users.shopper.id,
        }),
      ),
    ).toBe("paid");
    expect(
      outcome(
        await buyWithCode(h, [{ itemCode: "TEST-INSTANT" }], "ONCE-ACCOUNT", {
          email: "other@example.com",
          userId: users.shopper.id,
        }),
      ),
    ).toBe("You have already used this code.");
    expect(
      outcome(await buyWithCode(h, [{ itemCode: "TEST-INSTANT" }], "ONCE-ACCOUNT", { email: "stranger@example.com" })),
    ).toBe("paid");
  });

  it("gives the use back when the card is declined, so the next shopper can have it", async () => {
    await createPromo({ code: "DECLINED", maxUses: 1 });
    const declined = await buyWithCode(h, [{ itemCode: "TEST-INSTANT" }], "DECLINED", { card: cards.declined });
    expect(declined).toMatchObject({ ok: false, message: expect.stringMatching(/declined/) });
    const order = await db.order.findFirstOrThrow({ where: { promoCode: "DECLINED" }, include: { promoUse: true } });
    expect(order.status).toBe("cancelled");
    expect(order.promoUse).toMatchObject({ status: "released" });
    expect(await usedCount("DECLINED")).toBe(0);
    expect(
      outcome(await buyWithCode(h, [{ itemCode: "TEST-INSTANT" }], "DECLINED", { email: "next@example.com" })),
    ).toBe("paid");
    expect(await usedCount("DECLINED")).toBe(1);
  });

  it("gives the use back when nothing could be delivered and all was refunded; a delivered order keeps it", async () => {
    await createPromo({ code: "KEEP-OR-GIVE", maxUses: 2 });
    const failed = await buyWithCode(h, [{ itemCode: "TEST-FAIL" }], "KEEP-OR-GIVE");
    const delivered = await buyWithCode(h, [{ itemCode: "TEST-INSTANT" }], "KEEP-OR-GIVE");
    if (!failed.ok || !delivered.ok) throw new Error("checkout failed");
    expect(await usedCount("KEEP-OR-GIVE")).toBe(2);
    await fulfilPaidOrder(failed.orderId, h.now());
    await fulfilPaidOrder(delivered.orderId, h.now());
    const [f, d] = await Promise.all([orderOf(failed.orderId), orderOf(delivered.orderId)]);
    expect([f.status, f.promoUse!.status]).toEqual(["refunded", "released"]);
    expect([d.status, d.promoUse!.status]).toEqual(["completed", "active"]);
    expect(await usedCount("KEEP-OR-GIVE")).toBe(1);
  });

  it("gives a use back once, however often the order's end is applied", async () => {
    await createPromo({ code: "ONCE-BACK", maxUses: 3 });
    const r = await buyWithCode(h, [{ itemCode: "TEST-INSTANT" }], "ONCE-BACK", { card: cards.declined });
    expect(r.ok).toBe(false);
    const { releasePromoUse } = await import("@/lib/promos/claim");
    const order = await db.order.findFirstOrThrow({ where: { promoCode: "ONCE-BACK" } });
    expect(await db.$transaction((tx) => releasePromoUse(tx, order.id, h.now()))).toBe(false);
    expect(await usedCount("ONCE-BACK")).toBe(0);
  });
});
