import { describe, expect, it } from "vitest";
import { call, makeSandbox } from "./sandbox-helpers";

// docs/upstream-contract.md#8-limits
describe("sandbox rate limit", () => {
  it("counts every route incl. /challenge-less reads, then 429 with Retry-After and X-RateLimit-* headers, then resets after the window", async () => {
    const sb = makeSandbox({ rateLimit: 5 });
    const first = await call(sb, "GET", "/balance");
    expect(first.headers.get("X-RateLimit-Limit")).toBe("5");
    expect(first.headers.get("X-RateLimit-Remaining")).toBe("4");
    await call(sb, "GET", "/catalog?per_page=1");
    await call(sb, "POST", "/orders/check", { item_id: "TEST-INSTANT" });
    await call(sb, "GET", "/orders");
    const last = await call(sb, "GET", "/");
    expect(last.headers.get("X-RateLimit-Remaining")).toBe("0");
    const limited = await call(sb, "GET", "/balance");
    expect(limited.status).toBe(429);
    expect(limited.body.success).toBe(false);
    expect(limited.body.message.toLowerCase()).toContain("too many requests");
    // Clock is 12:00:10 → 50 s left in the window.
    expect(limited.body.data.retry_after).toBe(50);
    expect(limited.headers.get("Retry-After")).toBe("50");
    expect(limited.headers.get("X-RateLimit-Reset")).toBe("50");
    expect(limited.headers.get("X-RateLimit-Limit")).toBe("5");
    expect(limited.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(sb.control.stats().rateLimited).toBe(1);
    sb.control.advanceTime(50_000);
    const fresh = await call(sb, "GET", "/balance");
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("X-RateLimit-Remaining")).toBe("4");
  });

  it("does not charge the budget for an invalid API key", async () => {
    const sb = makeSandbox({ rateLimit: 2 });
    await call(sb, "GET", "/balance", undefined, { "X-API-Key": "not-the-key" });
    expect((await call(sb, "GET", "/balance")).headers.get("X-RateLimit-Remaining")).toBe("1");
  });

  it("applies a changed limit from setOptions and the rateLimitNext fault", async () => {
    const sb = makeSandbox();
    sb.control.setOptions({ rateLimit: 3 });
    expect((await call(sb, "GET", "/balance")).headers.get("X-RateLimit-Limit")).toBe("3");
    sb.control.setFaults({ rateLimitNext: 1 });
    expect((await call(sb, "GET", "/balance")).status).toBe(429);
    expect((await call(sb, "GET", "/balance")).status).toBe(200);
  });

  it("records requests per route in stats", async () => {
    const sb = makeSandbox();
    await call(sb, "GET", "/catalog/Gaming");
    await call(sb, "GET", "/catalog/Shopping");
    await call(sb, "GET", "/orders/1");
    const stats = sb.control.stats();
    expect(stats.requests).toBe(3);
    expect(stats.byRoute["GET /catalog/{category}"]).toBe(2);
    expect(stats.byRoute["GET /orders/{id}"]).toBe(1);
  });
});
