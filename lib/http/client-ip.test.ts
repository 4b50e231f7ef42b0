import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip";

describe("clientIp", () => {
  it("uses the hop added by the nearest proxy, not one the client sent", () => {
    expect(clientIp({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" })).toBe("203.0.113.9");
    expect(clientIp(new Headers({ "x-forwarded-for": "198.51.100.1" }))).toBe("198.51.100.1");
  });

  it("falls back to x-real-ip, then to unknown", () => {
    expect(clientIp({ "x-real-ip": "192.0.2.4" })).toBe("192.0.2.4");
    expect(clientIp(undefined)).toBe("unknown");
  });
});
