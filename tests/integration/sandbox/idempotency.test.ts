import { describe, expect, it } from "vitest";
import { buy, call, makeSandbox } from "./sandbox-helpers";

describe("sandbox idempotency (spec 4.8 rules 1–5)", () => {
  it("rule 1: same key and same body returns the original completed result (same order, codes, no second debit)", async () => {
    const sb = makeSandbox();
    const first = await buy(sb, { item_code: "TEST-INSTANT", quantity: 2 }, "key-1");
    const again = await buy(sb, { item_id: "TEST-INSTANT", quantity: 2 }, "key-1");
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(sb.control.listOrders()).toHaveLength(1);
    expect(sb.control.getBalance()).toBe("4998.00");
  });

  it("accepts X-Idempotency-Key as well as Idempotency-Key", async () => {
    const sb = makeSandbox();
    const first = await call(sb, "POST", "/orders", { item_code: "TEST-INSTANT" }, { "X-Idempotency-Key": "xk" });
    const again = await call(sb, "POST", "/orders", { item_code: "TEST-INSTANT" }, { "Idempotency-Key": "xk" });
    expect(again.body.data.order_id).toBe(first.body.data.order_id);
    expect(sb.control.listOrders()[0].idempotency_key).toBe("xk");
  });

  it("rules 2–3: same key with a different quantity, item or fields gives 409 idempotency_conflict with data.order_id", async () => {
    const sb = makeSandbox();
    const first = await buy(sb, { item_code: "TEST-TOPUP", fields: { player_id: "123456" } }, "key-2");
    for (const body of [
      { item_code: "TEST-TOPUP", quantity: 2, fields: { player_id: "123456" } },
      { item_code: "TEST-TOPUP", fields: { player_id: "654321" } },
      { item_code: "TEST-INSTANT" },
    ]) {
      const r = await buy(sb, body, "key-2");
      expect(r.status).toBe(409);
      expect(r.body.data).toMatchObject({ state: "idempotency_conflict", order_id: first.body.data.order_id });
    }
    const normalised = await buy(
      sb,
      { item_code: "TEST-TOPUP", quantity: 1, fields: { player_id: " 123456 " } },
      "key-2",
    );
    expect(normalised.status).toBe(200);
    expect(normalised.body.data.order_id).toBe(first.body.data.order_id);
  });

  it("rule 3: same key while the original is still pending gives 409 with data.order_id, then the result once settled", async () => {
    const sb = makeSandbox();
    const first = await buy(sb, { item_code: "TEST-PENDING" }, "key-3");
    const r = await buy(sb, { item_code: "TEST-PENDING" }, "key-3");
    expect(r.status).toBe(409);
    expect(r.body.data).toMatchObject({ state: "idempotency_conflict", order_id: first.body.data.order_id });
    sb.control.settleNow();
    const after = await buy(sb, { item_code: "TEST-PENDING" }, "key-3");
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ order_id: first.body.data.order_id, status: "completed" });
    expect(sb.control.listOrders()).toHaveLength(1);
  });

  it("rule 4: same key after a failed purchase gives a 400 failed replay; a new key buys again", async () => {
    const sb = makeSandbox();
    const first = await buy(sb, { item_code: "TEST-PENDING-FAIL" }, "key-4");
    sb.control.settleNow();
    const replay = await buy(sb, { item_code: "TEST-PENDING-FAIL" }, "key-4");
    expect(replay.status).toBe(400);
    expect(replay.body.data).toMatchObject({ state: "failed_replay", order_id: first.body.data.order_id });
    const terminal = await buy(sb, { item_code: "TEST-FAIL" }, "key-4b");
    expect((await buy(sb, { item_code: "TEST-FAIL" }, "key-4b")).body.data).toMatchObject({
      state: "failed_replay",
      order_id: terminal.body.data.order_id,
    });
    expect((await buy(sb, { item_code: "TEST-PENDING-FAIL" }, "key-4c")).status).toBe(200);
  });

  it("rule 5: a 422 field error does not bind the key, so the corrected purchase succeeds", async () => {
    const sb = makeSandbox();
    expect((await buy(sb, { item_code: "TEST-TOPUP", fields: { player_id: "12" } }, "key-5")).status).toBe(422);
    const fixed = await buy(sb, { item_code: "TEST-TOPUP", fields: { player_id: "123456" } }, "key-5-new");
    expect(fixed.status).toBe(200);
    expect(sb.control.listOrders()).toHaveLength(1);
  });

  it("creates a new order for every purchase without a key", async () => {
    const sb = makeSandbox();
    await buy(sb, { item_code: "TEST-INSTANT" });
    await buy(sb, { item_code: "TEST-INSTANT" });
    expect(sb.control.listOrders()).toHaveLength(2);
  });
});
