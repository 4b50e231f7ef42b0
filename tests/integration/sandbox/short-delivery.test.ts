import { describe, expect, it } from "vitest";
import { buy, call, makeSandbox } from "./sandbox-helpers";

const codesOf = (data: Record<string, any>) => (data.codes as { code: string }[]).map((c) => c.code);

describe("sandbox short delivery (shortCodesNext): completed with fewer codes than ordered, charged in full", () => {
  it("the next code order completes one code short; purchase, GET and replay all stay short for ever by default", async () => {
    const sb = makeSandbox();
    sb.control.setFaults({ shortCodesNext: 1 });
    const r = await buy(sb, { item_code: "TEST-INSTANT", quantity: 3 }, "short-1");
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: "completed", amount: "3.00" });
    expect(r.body.data.codes).toHaveLength(2);
    expect(sb.control.getBalance()).toBe("4997.00");
    for (let i = 0; i < 2; i++) {
      const detail = await call(sb, "GET", `/orders/${r.body.data.order_id}`);
      expect(detail.body.data).toMatchObject({ status: "completed", quantity: 3, amount: 3 });
      expect(codesOf(detail.body.data)).toEqual(codesOf(r.body.data));
    }
    expect(codesOf((await buy(sb, { item_code: "TEST-INSTANT", quantity: 3 }, "short-1")).body.data)).toEqual(
      codesOf(r.body.data),
    );
    expect(sb.control.listOrders()[0]).toMatchObject({
      quantity: 3,
      codes_count: 2,
      charged_unit: "1.00",
      amount: "3.00",
    });
    expect((await buy(sb, { item_code: "TEST-INSTANT", quantity: 3 }, "short-2")).body.data.codes).toHaveLength(3);
  });

  it("shortCodesMissing takes k codes away, never below zero", async () => {
    const sb = makeSandbox();
    sb.control.setFaults({ shortCodesNext: 2, shortCodesMissing: 2 });
    expect((await buy(sb, { item_code: "TEST-INSTANT", quantity: 5 })).body.data.codes).toHaveLength(3);
    const none = await buy(sb, { item_code: "TEST-INSTANT", quantity: 1 });
    expect(none.body.data).toMatchObject({ status: "completed", amount: "1.00", codes: [] });
    expect(sb.control.listOrders().map((o) => o.codes_count)).toEqual([3, 0]);
    expect(sb.control.getBalance()).toBe("4994.00");
  });

  it("with shortCodesHealOnRead the first GET after the short answer returns the full set, and replays follow", async () => {
    const sb = makeSandbox();
    sb.control.setFaults({ shortCodesNext: 1, shortCodesHealOnRead: true });
    const r = await buy(sb, { item_code: "TEST-INSTANT", quantity: 3 }, "heal-1");
    expect(r.body.data.codes).toHaveLength(2);
    const healed = await call(sb, "GET", `/orders/${r.body.data.order_id}`);
    expect(healed.body.data.codes).toHaveLength(3);
    expect(codesOf(healed.body.data).slice(0, 2)).toEqual(codesOf(r.body.data));
    expect(new Set(codesOf(healed.body.data)).size).toBe(3);
    expect(codesOf((await buy(sb, { item_code: "TEST-INSTANT", quantity: 3 }, "heal-1")).body.data)).toEqual(
      codesOf(healed.body.data),
    );
    expect(sb.control.listOrders()[0].codes_count).toBe(3);
  });

  it("a pending order settles short; with heal-on-read the first read is short and the next one full", async () => {
    const sb = makeSandbox();
    sb.control.setFaults({ shortCodesNext: 1, shortCodesHealOnRead: true });
    const topUp = await buy(sb, { item_code: "TEST-TOPUP", fields: { player_id: "123456" } });
    expect(topUp.body.data.status).toBe("completed");
    const r = await buy(sb, { item_code: "TEST-PENDING", quantity: 2 }, "heal-2");
    expect(r.body.data).toMatchObject({ status: "pending", codes: [] });
    expect(sb.control.settleNow(r.body.data.order_id)).toBe(1);
    const first = await call(sb, "GET", `/orders/${r.body.data.order_id}`);
    expect(first.body.data).toMatchObject({ status: "completed", amount: 2 });
    expect(first.body.data.codes).toHaveLength(1);
    expect((await call(sb, "GET", `/orders/${r.body.data.order_id}`)).body.data.codes).toHaveLength(2);
    expect((await buy(sb, { item_code: "TEST-INSTANT", quantity: 2 })).body.data.codes).toHaveLength(2);
  });

  it("a pending order that settles short without healing stays short in GET and replay", async () => {
    const sb = makeSandbox();
    sb.control.setFaults({ shortCodesNext: 1, shortCodesMissing: 1 });
    const r = await buy(sb, { item_code: "TEST-PENDING", quantity: 2 }, "short-3");
    sb.control.settleNow(r.body.data.order_id);
    for (let i = 0; i < 2; i++)
      expect((await call(sb, "GET", `/orders/${r.body.data.order_id}`)).body.data.codes).toHaveLength(1);
    expect((await buy(sb, { item_code: "TEST-PENDING", quantity: 2 }, "short-3")).body.data.codes).toHaveLength(1);
    expect(sb.control.getBalance()).toBe("4998.00");
  });
});
