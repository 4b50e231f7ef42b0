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
});
