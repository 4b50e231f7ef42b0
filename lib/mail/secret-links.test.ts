import { describe, expect, it } from "vitest";
import { maskSecretLinks, maskedSecret } from "./secret-links";

const token = "TT6Lveaw-xGrVT2J0R789WZCXvurCx3xCgrTAabcdef";

describe("maskSecretLinks", () => {
  it("masks an order link and keeps the words around it", () => {
    const text = `Your Steam 10 USD is ready.\n\nOpen your order to see it: https://shop.example/orders/${token}\n`;
    expect(maskSecretLinks(text)).toBe(
      `Your Steam 10 USD is ready.\n\nOpen your order to see it: https://shop.example/orders/${maskedSecret}\n`,
    );
  });

  it("masks verification and reset tokens in query strings, plain and HTML-escaped", () => {
    expect(maskSecretLinks(`https://shop.example/verify-email?token=${token}`)).toBe(
      `https://shop.example/verify-email?token=${maskedSecret}`,
    );
    expect(maskSecretLinks(`<a href="https://shop.example/reset-password?x=1&amp;token=${token}">Reset</a>`)).toBe(
      `<a href="https://shop.example/reset-password?x=1&amp;token=${maskedSecret}">Reset</a>`,
    );
    expect(maskSecretLinks(`(https://shop.example/reset-password?TOKEN=${token})`)).toBe(
      `(https://shop.example/reset-password?TOKEN=${maskedSecret})`,
    );
  });

  it("masks every link in a body, and leaves short order ids and plain text alone", () => {
    const text = `a /orders/${token} b /orders/${token.slice(1)} c /admin/orders/cm12 d token is here`;
    const masked = maskSecretLinks(text);
    expect(masked).not.toContain(token.slice(1));
    expect(masked).toContain("/admin/orders/cm12");
    expect(masked).toContain("token is here");
  });
});
