import { describe, expect, it } from "vitest";
import { buy, call, makeSandbox } from "./sandbox-helpers";

const sb = makeSandbox();

describe("sandbox direct top-ups", () => {
  it("validates 6–12 digit values and derives display_name deterministically without echoing fields", async () => {
    const even = await call(sb, "POST", "/orders/validate-fields", {
      item_code: "TEST-TOPUP",
      fields: { player_id: " 12345678 " },
    });
    expect(even.status).toBe(200);
    expect(even.body.data).toEqual({ valid: true, display_name: "Player 5678" });
    const odd = await call(sb, "POST", "/orders/validate-fields", {
      item_id: "TEST-TOPUP",
      fields: { player_id: "1234567" },
    });
    expect(odd.body.data).toEqual({ valid: true, display_name: null });
    expect(JSON.stringify(even.body)).not.toContain("12345678");
  });

  it("answers missing_fields with data.field for a missing or blank required field", async () => {
    for (const fields of [{}, { player_id: "   " }]) {
      const r = await call(sb, "POST", "/orders/validate-fields", { item_code: "TEST-TOPUP", fields });
      expect(r.status).toBe(422);
      expect(r.body.data).toEqual({ state: "missing_fields", field: "player_id" });
    }
  });

  it("answers invalid_fields for an unknown key, a too-long value, non-digits and the unverifiable 000000", async () => {
    const cases = [
      { player_id: "123456", extra: "1" },
      { player_id: "1234567890123" },
      { player_id: "abc123" },
      { player_id: "000000" },
      { player_id: "9".repeat(10_000) },
    ];
    for (const fields of cases) {
      const r = await call(sb, "POST", "/orders/validate-fields", { item_code: "TEST-TOPUP", fields });
      expect(r.status).toBe(422);
      expect(r.body.data.state).toBe("invalid_fields");
      expect(JSON.stringify(r.body)).not.toContain("9999999");
    }
  });

  it("answers validation_error for a code product and 404 for an unknown product", async () => {
    const code = await call(sb, "POST", "/orders/validate-fields", {
      item_code: "TEST-INSTANT",
      fields: { player_id: "123456" },
    });
    expect(code.status).toBe(422);
    expect(code.body.data.state).toBe("validation_error");
    expect((await call(sb, "POST", "/orders/validate-fields", { item_code: "NOPE", fields: {} })).status).toBe(404);
  });

  it("checks a two-field catalog top-up (player and zone/server)", async () => {
    const cat = await call(sb, "GET", "/catalog?product_type=direct_top_up&per_page=100");
    const two = cat.body.data.products.find((p: any) => p.required_fields.length === 2);
    expect(two.required_fields[0]).toMatchObject({ key: "player_id", type: "string", required: true, max_length: 12 });
    const missing = await call(sb, "POST", "/orders/validate-fields", {
      item_code: two.item_code,
      fields: { player_id: "123456" },
    });
    expect(missing.body.data).toMatchObject({ state: "missing_fields", field: two.required_fields[1].key });
    const fields = { player_id: "123456", [two.required_fields[1].key]: "2001001" };
    expect((await call(sb, "POST", "/orders/validate-fields", { item_code: two.item_code, fields })).status).toBe(200);
  });

  it("completes an instant top-up with quantity, delivery and no codes", async () => {
    const r = await buy(sb, { item_code: "TEST-TOPUP", quantity: 2, fields: { player_id: "123456" } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: "completed",
      state: "completed",
      amount: "2.00",
      quantity: 2,
      codes: [],
      delivery: { mode: "direct_top_up", status: "completed" },
    });
    expect(JSON.stringify(r.body)).not.toContain("123456");
    const detail = await call(sb, "GET", `/orders/${r.body.data.order_id}`);
    expect(detail.body.data.delivery).toEqual({ mode: "direct_top_up", status: "completed" });
    expect(detail.body.data.codes).toEqual([]);
  });

  it("keeps TEST-TOPUP-PENDING pending with delivery status pending until settled", async () => {
    const r = await buy(sb, { item_code: "TEST-TOPUP-PENDING", fields: { player_id: "123456" } });
    expect(r.body.data).toMatchObject({
      status: "pending",
      quantity: 1,
      delivery: { mode: "direct_top_up", status: "pending" },
    });
    sb.control.settleNow();
    expect((await call(sb, "GET", `/orders/${r.body.data.order_id}`)).body.data.delivery.status).toBe("completed");
  });

  it("validates fields on POST /orders the same way (422) and creates no order", async () => {
    const before = sb.control.listOrders().length;
    const r = await buy(sb, { item_code: "TEST-TOPUP", fields: { player_id: "000000" } });
    expect(r.status).toBe(422);
    expect(r.body.data.state).toBe("invalid_fields");
    expect((await buy(sb, { item_code: "TEST-TOPUP" })).body.data.state).toBe("missing_fields");
    expect(sb.control.listOrders()).toHaveLength(before);
  });
});
