import { describe, expect, it } from "vitest";
import { apiKey, call, makeSandbox } from "./sandbox-helpers";

const sb = makeSandbox();

describe("sandbox envelope and auth", () => {
  it("answers 401 Unauthorized with an empty data object when the key is missing or wrong", async () => {
    for (const headers of [{ "X-API-Key": "" }, { "X-API-Key": "wrong_key_123" }]) {
      const res = await sb.handle(new Request("http://x/v1/balance", { headers }));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ success: false, message: "Unauthorized", data: {} });
    }
  });

  it("routes on the part after /v1 for both /sandbox/v1 and bare /v1 URLs", async () => {
    for (const url of ["http://x/sandbox/v1/balance", "http://x/v1/balance", "http://x/v1/balance/"]) {
      const res = await sb.handle(new Request(url, { headers: { "X-API-Key": apiKey } }));
      expect(res.status).toBe(200);
    }
  });

  it("GET / returns the API info object with absolute resource URLs", async () => {
    const r = await call(sb, "GET", "/");
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(typeof r.body.message).toBe("string");
    expect(r.body.data.api_version).toBe("1");
    expect(Object.keys(r.body.data.resources).sort()).toEqual(["balance", "orders", "products", "purchase"]);
    expect(r.body.data.resources.balance).toBe("http://localhost:3000/sandbox/v1/balance");
    expect(r.body.data.documentation.href).toMatch(/^https?:/);
    expect(r.body.data.contact.email).toContain("@");
  });

  it("GET /balance returns a decimal string, currency and state success", async () => {
    const r = await call(sb, "GET", "/balance");
    expect(r.body.data).toEqual({ balance: "5000.00", currency: "USD", state: "success" });
  });

  it("answers unknown routes with a 404 envelope and wrong methods with 405", async () => {
    const unknown = await call(sb, "GET", "/nope");
    expect(unknown.status).toBe(404);
    expect(unknown.body.success).toBe(false);
    const wrong = await call(sb, "POST", "/balance", {});
    expect(wrong.status).toBe(405);
    expect(wrong.body.success).toBe(false);
  });

  it("GET /orders/{id} answers 404 for an unknown or non-numeric id", async () => {
    expect((await call(sb, "GET", "/orders/999999")).status).toBe(404);
    expect((await call(sb, "GET", "/orders/abc")).status).toBe(404);
  });
});
