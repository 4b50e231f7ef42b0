import { describe, expect, it } from "vitest";
import { generateOrderReference, normaliseOrderReference, referenceAlphabet } from "./order-reference";

describe("order references", () => {
  it("are the prefix and six characters with no look-alikes", () => {
    for (let i = 0; i < 200; i++) expect(generateOrderReference("GF")).toMatch(/^GF-[2-9A-HJKMNP-TV-Z]{6}$/);
    expect(referenceAlphabet).not.toMatch(/[01ILOU]/);
    expect(generateOrderReference("GF", () => 0)).toBe("GF-222222");
  });

  it("read back what a person types", () => {
    expect(normaliseOrderReference("gf-7k3p9q", "GF")).toBe("GF-7K3P9Q");
    expect(normaliseOrderReference(" GF 7K3P 9Q ", "GF")).toBe("GF-7K3P9Q");
    expect(normaliseOrderReference("7K3P9Q", "GF")).toBe("GF-7K3P9Q");
    expect(normaliseOrderReference("GF-7K3P9", "GF")).toBeNull();
    expect(normaliseOrderReference("GF-OK3P9Q", "GF")).toBeNull();
    expect(normaliseOrderReference("XX-7K3P9Q", "GF")).toBeNull();
    expect(normaliseOrderReference("", "GF")).toBeNull();
  });
});
