import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network";

describe("clientNetwork", () => {
  it("is the /24 of an IPv4 address, however it is written", () => {
    expect(clientNetwork("203.0.113.9")).toBe("203.0.113.0/24");
    expect(clientNetwork("::ffff:203.0.113.200")).toBe("203.0.113.0/24");
    expect(clientNetwork("::ffff:cb00:7109")).toBe("203.0.113.0/24");
    expect(clientNetwork("[::FFFF:CB00:7109]")).toBe("203.0.113.0/24");
  });

  it("is the /48 of an IPv6 address", () => {
    expect(clientNetwork("2001:db8:7:1::1")).toBe("2001:db8:7::/48");
    expect(clientNetwork("2001:0db8:0007:ffff:1:2:3:4")).toBe("2001:db8:7::/48");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0::/48");
    expect(clientNetwork("::1")).toBe("0:0:0::/48");
    expect(clientNetwork("64:ff9b::192.0.2.1")).toBe("64:ff9b:0::/48");
    expect(clientNetwork("::ffff:0:192.0.2.1")).toBe("0:0:0::/48");
  });

  it("is null for anything that is not an address", () => {
    expect(clientNetwork("unknown")).toBeNull();
    expect(clientNetwork("email:someone@example.test")).toBeNull();
    expect(clientNetwork("203.0.113")).toBeNull();
  });
});
