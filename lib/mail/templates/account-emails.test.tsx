// The email-confirmation email is written in the language it was asked in; English reads as before.
import { describe, expect, it } from "vitest";
import { renderEmail } from "../render-email";
import { verifyEmailEmail } from "./account-emails";

const brand = { shopName: "Giftly", appUrl: "https://shop.example" };
const url = "https://shop.example/verify-email?token=abc";

describe("verifyEmailEmail", () => {
  it("reads in English without a language, word for word as before", async () => {
    const r = await renderEmail(verifyEmailEmail({ url, expiresInHours: 48 }), brand);
    expect(r.subject).toBe("Giftly: confirm your email");
    expect(r.text).toContain(
      "Confirm this address to finish setting up your account. Orders you placed with it as a guest then appear in your account.",
    );
    expect(r.text).toContain(
      "The link works for 48 hours. If you did not create an account, ignore this email: nothing happens without the click.",
    );
  });

  it("reads in Indonesian when asked from an Indonesian page", async () => {
    const r = await renderEmail(verifyEmailEmail({ url, expiresInHours: 48, locale: "id" }), brand);
    expect(r.subject).toBe("Giftly: konfirmasi email Anda");
    expect(r.text).toContain("Tautan ini berlaku selama 48 jam.");
    expect(r.html).toContain(`href="${url}"`);
  });

  it("writes an Arabic email right to left", async () => {
    const r = await renderEmail(verifyEmailEmail({ url, expiresInHours: 48, locale: "ar" }), brand);
    expect(r.html).toMatch(/dir="rtl"/);
  });
});
