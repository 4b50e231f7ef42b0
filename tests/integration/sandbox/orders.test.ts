import { describe, expect, it } from "vitest";
import { buy, call, makeSandbox } from "./sandbox-helpers";

describe("sandbox orders: part 3 transitions and wallet", () => {
  it("completes TEST-INSTANT inside the purchase call, debits the wallet and returns one code per unit", async () => {
    const sb = makeSandbox();
    const r = await buy(sb, { item_code: "TEST-INSTANT", quantity: 3 });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: "completed",
      state: "completed",
      amount: "3.00",
      type: "bulk",
      brand: "TEST-INSTANT",
      total_denomination: 3,
    });
    expect(r.body.data.order_no).toMatch(/^ORD-\d{4}-\d{6}$/);
    expect(r.body.data.created_at).toMatch(/[+-]\d{2}:\d{2}$/);
    expect(r.body.data.codes).toHaveLength(3);
    expect(new Set(r.body.data.codes.map((c: { code: string }) => c.code)).size).toBe(3);
    expect(r.body.data.codes[0]).toMatchObject({
      item_code: "TEST-INSTANT",
      denomination: "1",
      currency: "USD",
      charged_amount: "1.00",
      denomination_unit: "USD",
    });
    expect(sb.control.getBalance()).toBe("4997.00");
    const detail = await call(sb, "GET", `/orders/${r.body.data.order_id}`);
    expect(detail.body.data).toMatchObject({ status: "completed", amount: 3 });
    expect(detail.body.data.codes.map((c: { code: string }) => c.code)).toEqual(
      r.body.data.codes.map((c: { code: string }) => c.code),
    );
  });

  it("keeps TEST-PENDING pending with no codes until settleMs has passed, then completes it", async () => {
    const sb = makeSandbox({ settleMs: 8000 });
    const r = await buy(sb, { item_code: "TEST-PENDING" });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data).toMatchObject({ status: "pending", state: "pending", amount: "1.00", codes: [] });
    expect(sb.control.getBalance()).toBe("4999.00");
    sb.control.advanceTime(7999);
    expect(sb.control.settleDue()).toBe(0);
    expect((await call(sb, "GET", `/orders/${r.body.data.order_id}`)).body.data.status).toBe("pending");
    sb.control.advanceTime(1);
    expect(sb.control.settleDue()).toBe(1);
    const done = await call(sb, "GET", `/orders/${r.body.data.order_id}`);
    expect(done.body.data.status).toBe("completed");
    expect(done.body.data.codes).toHaveLength(1);
    expect(sb.control.getBalance()).toBe("4999.00");
  });

  it("fails TEST-PENDING-FAIL after settling and restores the wallet", async () => {
    const sb = makeSandbox();
    const r = await buy(sb, { item_code: "TEST-PENDING-FAIL", quantity: 5 });
    expect(r.body.data.status).toBe("pending");
    expect(sb.control.getBalance()).toBe("4995.00");
    expect(sb.control.settleNow(r.body.data.order_id)).toBe(1);
    const detail = await call(sb, "GET", `/orders/${r.body.data.order_id}`);
    expect(detail.body.data).toMatchObject({
      order_id: r.body.data.order_id,
      status: "failed",
      state: "failed",
      codes: [],
    });
    expect(sb.control.getBalance()).toBe("5000.00");
  });

  it("answers TEST-FAIL with a 400 terminal failure carrying order_id and order_no, without debiting", async () => {
    const sb = makeSandbox();
    const r = await buy(sb, { item_code: "TEST-FAIL" });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.data).toMatchObject({
      state: "failed",
      order_id: expect.any(Number),
      order_no: expect.stringMatching(/^ORD-/),
    });
    expect((await call(sb, "GET", `/orders/${r.body.data.order_id}`)).body.data.status).toBe("failed");
    expect(sb.control.getBalance()).toBe("5000.00");
  });

  it("rejects TEST-OOS: check 404 out_of_stock, purchase 400 out_of_stock, no debit and no order", async () => {
    const sb = makeSandbox();
    const check = await call(sb, "POST", "/orders/check", { item_id: "TEST-OOS" });
    expect(check.status).toBe(404);
    expect(check.body.data.state).toBe("out_of_stock");
    const r = await buy(sb, { item_code: "TEST-OOS" });
    expect(r.status).toBe(400);
    expect(r.body.data.state).toBe("out_of_stock");
    expect(sb.control.getBalance()).toBe("5000.00");
    expect(sb.control.listOrders()).toEqual([]);
  });

  it("answers 404 for purchasing an unknown product", async () => {
    const r = await buy(makeSandbox(), { item_code: "NOPE-US-1" });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ success: false, data: { state: "not_found" } });
  });

  it("answers TEST-UNSUPPORTED with 501 not_supported", async () => {
    const r = await buy(makeSandbox(), { item_code: "TEST-UNSUPPORTED" });
    expect(r.status).toBe(501);
    expect(r.body.data.state).toBe("not_supported");
  });

  it("answers 402 when the wallet cannot pay, leaving the balance unchanged", async () => {
    const sb = makeSandbox();
    sb.control.setBalance("2.50");
    const r = await buy(sb, { item_code: "TEST-INSTANT", quantity: 3 });
    expect(r.status).toBe(402);
    expect(r.body.success).toBe(false);
    expect(sb.control.getBalance()).toBe("2.50");
  });

  it("re-validates and decrements stock at purchase time", async () => {
    const sb = makeSandbox();
    sb.control.publishChanges({ stock: { "TEST-INSTANT": 2 } });
    expect(
      (await call(sb, "POST", "/orders/check", { item_id: "TEST-INSTANT", quantity: 2 })).body.data.available_quantity,
    ).toBe(2);
    expect((await buy(sb, { item_code: "TEST-INSTANT", quantity: 2 })).status).toBe(200);
    const again = await buy(sb, { item_code: "TEST-INSTANT" });
    expect(again.status).toBe(400);
    expect(again.body.data.state).toBe("out_of_stock");
  });

  it("debits charged_price × quantity in exact cents for a discounted catalog product", async () => {
    const sb = makeSandbox();
    const cat = await call(sb, "GET", "/catalog?per_page=100");
    const offer = cat.body.data.products.find(
      (p: any) =>
        p.is_offer && p.in_stock && p.max_quantity >= 3 && p.min_quantity <= 3 && p.product_type !== "direct_top_up",
    );
    expect(offer.charged_price).toBeLessThan(offer.price);
    const r = await buy(sb, { item_code: offer.item_code, quantity: 3 });
    expect(r.status).toBe(200);
    const cents = Math.round(offer.charged_price * 100) * 3;
    expect(r.body.data.amount).toBe((cents / 100).toFixed(2));
    expect(sb.control.getBalance()).toBe(((500000 - cents) / 100).toFixed(2));
  });

  it("POST /orders/check returns the 2.10 shape and 400 invalid_quantity outside min/max", async () => {
    const sb = makeSandbox();
    const ok = await call(sb, "POST", "/orders/check", { item_id: "TEST-INSTANT", quantity: 4 });
    expect(ok.body.data).toMatchObject({
      min_quantity: 1,
      max_quantity: 100,
      quantity_contract_version: 1,
      price: 1,
      state: "in_stock",
      status: true,
      requested: 4,
    });
    expect(typeof ok.body.data.message).toBe("string");
    for (const quantity of [0, 101, 1_000_000_000]) {
      const bad = await call(sb, "POST", "/orders/check", { item_id: "TEST-INSTANT", quantity });
      expect(bad.status).toBe(400);
      expect(bad.body.data.state).toBe("invalid_quantity");
    }
    expect((await call(sb, "POST", "/orders/check", { item_id: "NOPE-1" })).status).toBe(404);
    expect((await call(sb, "POST", "/orders/check", { item_id: "TEST-INSTANT", quantity: "two" })).status).toBe(422);
    expect((await call(sb, "POST", "/orders/check", { item_id: "TEST-INSTANT", fields: { a: "1" } })).status).toBe(422);
  });

  it("GET /orders lists orders with status filter, sorting and pagination", async () => {
    const sb = makeSandbox();
    await buy(sb, { item_code: "TEST-INSTANT", quantity: 2 });
    await buy(sb, { item_code: "TEST-PENDING" });
    await buy(sb, { item_code: "TEST-FAIL" });
    const all = await call(sb, "GET", "/orders?per_page=2&sort_by=amount&order=asc");
    expect(all.body.data.state).toBe("success");
    expect(all.body.data.pagination).toEqual({ total: 3, per_page: 2, current_page: 1, last_page: 2 });
    expect(all.body.data.orders.map((o: any) => typeof o.amount)).toEqual(["number", "number"]);
    const page2 = await call(sb, "GET", "/orders?per_page=2&sort_by=amount&order=asc&page=2");
    expect(page2.body.data.orders[0].amount).toBe(2);
    const pending = await call(sb, "GET", "/orders?status=pending");
    expect(pending.body.data.orders.map((o: any) => o.status)).toEqual(["pending"]);
    expect((await call(sb, "GET", "/orders?per_page=0")).status).toBe(422);
  });
});
