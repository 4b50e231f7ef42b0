import { describe, expect, it } from "vitest";
import { apiKey, call, makeSandbox } from "./sandbox-helpers";

const sb = makeSandbox();
const huge = "x".repeat(10_000);

describe("sandbox bad input never 500s", () => {
  it("answers malformed JSON, non-object bodies and a non-JSON content type with 422 validation_error", async () => {
    for (const path of ["/orders", "/orders/check", "/orders/validate-fields"]) {
      for (const body of ["{not json", "[1,2]", "42", "null"]) {
        const r = await call(sb, "POST", path, body);
        expect(r.status, `${path} ${body}`).toBe(422);
        expect(r.body).toMatchObject({ success: false, data: { state: "validation_error" } });
      }
    }
    const res = await sb.handle(
      new Request("http://x/v1/orders", {
        method: "POST",
        headers: { "X-API-Key": apiKey, "Content-Type": "text/plain" },
        body: "item_code=TEST-INSTANT",
      }),
    );
    expect(res.status).toBe(422);
  });

  it("answers wrong types, missing item_code and unknown keys with 422", async () => {
    const bodies = [
      {},
      { item_code: 42 },
      { item_code: "TEST-INSTANT", quantity: "1" },
      { item_code: "TEST-INSTANT", quantity: 1.5 },
      { item_code: "TEST-INSTANT", price: "0.01" },
      { item_code: "TEST-TOPUP", fields: { player_id: 123456 } },
      { item_code: "TEST-TOPUP", fields: ["123456"] },
      { item_code: huge },
      { item_code: "TEST-INSTANT", email: huge },
    ];
    for (const body of bodies) {
      const r = await call(sb, "POST", "/orders", body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(r.body.data.state).toBe("validation_error");
    }
  });

  it("answers huge and non-positive quantities with 400 invalid_quantity", async () => {
    for (const quantity of [1_000_000_000, 0, -5, 101]) {
      const r = await call(sb, "POST", "/orders", { item_code: "TEST-INSTANT", quantity });
      expect(r.status).toBe(400);
      expect(r.body.data.state).toBe("invalid_quantity");
    }
    expect((await call(sb, "POST", "/orders", { item_code: "TEST-INSTANT", quantity: 1e300 })).status).toBe(422);
  });

  it("survives 10 kB strings in queries, headers, keys and path segments", async () => {
    expect((await call(sb, "GET", `/catalog?q=${huge}`)).status).toBe(422);
    expect((await call(sb, "GET", `/catalog?brand=${huge}`)).status).toBe(422);
    expect((await call(sb, "GET", `/catalog/${huge}`)).status).toBe(404);
    expect((await call(sb, "GET", `/orders/${huge}`)).status).toBe(404);
    expect((await call(sb, "POST", "/orders", { item_code: "TEST-INSTANT" }, { "Idempotency-Key": huge })).status).toBe(
      422,
    );
    expect(
      (await call(sb, "POST", "/orders/validate-fields", { item_code: "TEST-TOPUP", fields: { [huge]: "123456" } }))
        .status,
    ).toBe(422);
    const bigBody = JSON.stringify({ item_code: "TEST-INSTANT", pad: "y".repeat(100_000) });
    expect((await call(sb, "POST", "/orders", bigBody)).status).toBe(422);
    expect(sb.control.listOrders()).toEqual([]);
  });
});
