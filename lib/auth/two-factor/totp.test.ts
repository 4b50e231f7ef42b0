import { describe, expect, it } from "vitest";
import { generateTotpCode, generateTotpSecret, matchTotpStep, totpStep, totpUri } from "./totp";
import { generateRecoveryCodes, hashRecoveryCode, looksLikeRecoveryCode } from "./recovery-codes";

// RFC 6238 appendix B: the SHA-1 secret "12345678901234567890" (base32 below) at T = 59 s gives
// 94287082 with 8 digits, so 287082 with 6.
const rfcSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP", () => {
  it("matches the RFC 6238 test vector", () => {
    expect(generateTotpCode(rfcSecret, new Date(59_000))).toBe("287082");
    expect(matchTotpStep(rfcSecret, "287082", new Date(59_000))).toBe(1);
  });

  it("accepts one step of drift either way and nothing further", () => {
    const secret = generateTotpSecret();
    const now = new Date(1_800_000_000_000);
    const step = totpStep(now);
    expect(matchTotpStep(secret, generateTotpCode(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(matchTotpStep(secret, generateTotpCode(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
    expect(matchTotpStep(secret, generateTotpCode(secret, new Date(now.getTime() + 90_000)), now)).toBeNull();
  });

  it("refuses malformed codes", () => {
    const secret = generateTotpSecret();
    for (const code of ["", "12345", "1234567", "abcdef", " 123456"])
      expect(matchTotpStep(secret, code, new Date())).toBeNull();
  });

  it("writes an otpauth URI with the shop as issuer and the email as label", () => {
    const uri = totpUri(rfcSecret, "owner@shop.example", "Giftly");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Giftly:owner%40shop\.example\?/);
    expect(uri).toContain(`secret=${rfcSecret}`);
    expect(uri).toContain("issuer=Giftly");
  });

  it("makes secrets of 160 bits, each different", () => {
    const a = generateTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(a);
  });
});

describe("recovery codes", () => {
  it("makes ten distinct codes that hash the same however they are typed back", () => {
    const codes = generateRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) {
      expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      expect(looksLikeRecoveryCode(c)).toBe(true);
      expect(hashRecoveryCode(` ${c.toUpperCase().replace(/-/g, " ")} `)).toBe(hashRecoveryCode(c));
    }
    expect(looksLikeRecoveryCode("123456")).toBe(false);
  });
});
