import { describe, expect, it } from "vitest";
import { claimStreamSlot, openStreamCount, streamCaps } from "./stream-caps";

describe("stream caps", () => {
  it("frees a slot once however often it is released, and holds exempt clients to the order's cap only", () => {
    const held = Array.from({ length: streamCaps.perClient }, (_, i) => claimStreamSlot("10.0.0.1", `order-${i}`));
    expect(held.every(Boolean)).toBe(true);
    expect(claimStreamSlot("10.0.0.1", "order-x")).toBeNull();

    held[0]!();
    held[0]!();
    expect(openStreamCount()).toBe(streamCaps.perClient - 1);
    const again = claimStreamSlot("10.0.0.1", "order-x");
    expect(again).not.toBeNull();
    expect(claimStreamSlot("10.0.0.1", "order-y")).toBeNull();

    const exempt = Array.from({ length: streamCaps.perOrder }, () =>
      claimStreamSlot("127.0.0.1", "order-z", { exempt: true }),
    );
    expect(exempt.every(Boolean)).toBe(true);
    expect(claimStreamSlot("127.0.0.1", "order-z", { exempt: true })).toBeNull();

    for (const release of [...held, again, ...exempt]) release?.();
    expect(openStreamCount()).toBe(0);
  });

  it("counts the addresses of one network together, so a network cannot pose as many clients", () => {
    const perNetwork = streamCaps.perClient * 4;
    const held = Array.from({ length: perNetwork + 4 }, (_, i) =>
      claimStreamSlot(`198.51.100.${Math.floor(i / streamCaps.perClient) + 1}`, `net-order-${i}`),
    );
    expect(held.filter(Boolean)).toHaveLength(perNetwork);
    const otherNetwork = claimStreamSlot("198.51.101.1", "net-order-other");
    expect(otherNetwork).not.toBeNull();
    for (const release of [...held, otherNetwork]) release?.();
    const afterRelease = claimStreamSlot("198.51.100.99", "net-order-after");
    expect(afterRelease).not.toBeNull();
    afterRelease?.();
    expect(openStreamCount()).toBe(0);
  });
});
