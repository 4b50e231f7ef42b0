import { beforeEach, describe, expect, it } from "vitest";
import { clearCatalogMemo, memoize } from "./memo";

describe("memoize", () => {
  beforeEach(() => clearCatalogMemo());

  it("reuses a load until its TTL passes, then loads again", async () => {
    let clock = 1_000;
    let loads = 0;
    const load = async () => ++loads;
    expect(await memoize("k", 100, load, () => clock)).toBe(1);
    clock += 99;
    expect(await memoize("k", 100, load, () => clock)).toBe(1);
    clock += 1;
    expect(await memoize("k", 100, load, () => clock)).toBe(2);
  });

  it("loads again at once when the catalog version moves", async () => {
    let loads = 0;
    const load = async () => ++loads;
    const clock = () => 1_000;
    expect(await memoize("v", 30_000, load, clock, 7)).toBe(1);
    expect(await memoize("v", 30_000, load, clock, 7)).toBe(1);
    expect(await memoize("v", 30_000, load, clock, 8)).toBe(2);
  });

  it("does not keep a failed load", async () => {
    await expect(memoize("f", 1_000, () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await memoize("f", 1_000, async () => "ok")).toBe("ok");
  });
});
