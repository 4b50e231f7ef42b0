import { describe, expect, it } from "vitest";
import { openOutboxBody, sealOutboxBody } from "./outbox-body";
import { maskedSecret } from "./secret-links";

const token = "TT6Lveaw-xGrVT2J0R789WZCXvurCx3xCgrTAabcdef";
const link = `https://shop.example/reset-password?token=${token}`;

describe("sealOutboxBody", () => {
  it("keeps a link's secret out of the row and seals the message as sent", () => {
    const shown = { text: `Choose a new password:\n\n${link}\n`, html: `<a href="${link}">Reset</a>` };
    const row = sealOutboxBody(shown);
    expect(`${row.text}${row.html}${row.secretEnc}`).not.toContain(token);
    expect(row.text).toContain(`?token=${maskedSecret}`);
    expect(openOutboxBody(row)).toEqual(shown);
  });

  it("seals the copy with codes when one is given, and nothing for an email without secrets", () => {
    const plain = { text: "Your order was refunded.", html: "<p>Your order was refunded.</p>" };
    expect(sealOutboxBody(plain)).toEqual({ ...plain, secretEnc: null });
    expect(openOutboxBody({ ...plain, secretEnc: null })).toEqual(plain);
    const withCodes = { text: "Code: ABCD-1234", html: "<p>Code: ABCD-1234</p>" };
    const row = sealOutboxBody(plain, withCodes);
    expect(row.text).toBe(plain.text);
    expect(openOutboxBody(row)).toEqual(withCodes);
  });
});
