// Per-client limits count each address and its network (/24 for IPv4, /48 for IPv6), so many
// addresses of one network cannot pose as many clients (docs/going-live.md#per-client-limits).
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { consumeClientLimit } from "@/lib/rate-limit/client-limits";

const now = new Date("2026-11-25T12:00:30Z");
const quote40 = (subject: string) => consumeClientLimit("quoteLines", subject, { cost: 40, now });

afterEach(() => {
  delete process.env.RATE_LIMIT_EXEMPT;
  resetEnvForTests();
});

describe("per-client limits by network", () => {
  it("a /24 of addresses cannot pose as many clients", async () => {
    const outcomes = [];
    for (let i = 1; i <= 5; i++) outcomes.push((await quote40(`203.0.113.${i}`)).ok);
    expect(outcomes).toEqual([true, true, true, true, false]);
    expect((await quote40("203.0.114.1")).ok).toBe(true);
  });

  it("a /48 of IPv6 addresses likewise, and an IPv4-mapped address counts in its IPv4 network", async () => {
    const outcomes = [];
    for (let i = 1; i <= 5; i++) outcomes.push((await quote40(`2001:db8:7:${i}::1`)).ok);
    expect(outcomes).toEqual([true, true, true, true, false]);
    expect((await quote40("2001:db8:8::1")).ok).toBe(true);
    for (let i = 1; i <= 4; i++) expect((await quote40(`198.51.100.${i}`)).ok).toBe(true);
    expect((await quote40("::ffff:c633:6405")).ok).toBe(false);
  });

  it("an exempt address is neither refused nor counted against its network", async () => {
    process.env.RATE_LIMIT_EXEMPT = "192.0.2.1";
    resetEnvForTests();
    for (let i = 0; i < 5; i++) expect((await quote40("192.0.2.1")).ok).toBe(true);
    for (let i = 2; i <= 5; i++) expect((await quote40(`192.0.2.${i}`)).ok).toBe(true);
  });
});
