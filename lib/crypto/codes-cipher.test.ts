import { describe, expect, it } from "vitest";
import { decryptSecret, encryptJson, decryptJson, encryptSecret } from "./codes-cipher";

describe("codes cipher", () => {
  it("round-trips a code without the plaintext appearing in the stored value", () => {
    const stored = encryptSecret("ABCD-1234-SECRET");
    expect(stored).not.toContain("ABCD");
    expect(decryptSecret(stored)).toBe("ABCD-1234-SECRET");
  });
  it("uses a fresh IV so equal codes encrypt differently", () => {
    expect(encryptSecret("same")).not.toBe(encryptSecret("same"));
  });
  it("refuses a tampered ciphertext", () => {
    const stored = encryptSecret("value");
    const buf = Buffer.from(stored.slice(3), "base64");
    buf[buf.length - 1] ^= 1;
    expect(() => decryptSecret("v1:" + buf.toString("base64"))).toThrow();
  });
  it("refuses a value whose auth tag was cut down to 4 bytes", () => {
    const buf = Buffer.from(encryptSecret("").slice(3), "base64");
    expect(() => decryptSecret("v1:" + buf.subarray(0, 12 + 4).toString("base64"))).toThrow();
  });
  it("round-trips JSON", () => {
    expect(decryptJson(encryptJson([{ code: "X" }]))).toEqual([{ code: "X" }]);
  });
});
