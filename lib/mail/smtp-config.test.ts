import { describe, expect, it } from "vitest";
import { describeSmtp, mailDomain, parseSmtpUrl } from "./smtp-config";

describe("SMTP_URL", () => {
  it("reads host, port, TLS and credentials the way nodemailer documents them", () => {
    expect(parseSmtpUrl("smtps://user%40shop.example:p%3Ass@mail.example:465")).toMatchObject({
      host: "mail.example",
      port: 465,
      secure: true,
      auth: { user: "user@shop.example", pass: "p:ss" },
    });
    expect(parseSmtpUrl("smtp://mail.example:587?tls.rejectUnauthorized=false")).toMatchObject({
      secure: false,
      port: 587,
      tls: { rejectUnauthorized: false },
    });
  });

  it("refuses anything that is not smtp:// or smtps:// with a host", () => {
    expect(() => parseSmtpUrl("http://mail.example")).toThrow(/smtp:\/\//);
    expect(() => parseSmtpUrl("smtp://")).toThrow();
  });

  it("describes the server without user name or password", () => {
    expect(describeSmtp("smtp://user:secret@mail.example:2525")).toBe("smtp://mail.example:2525");
  });

  it("takes the Message-ID domain from MAIL_FROM", () => {
    expect(mailDomain("Giftly <orders@Shop.Example>")).toBe("shop.example");
    expect(mailDomain("orders@shop.example")).toBe("shop.example");
    expect(mailDomain("Giftly")).toBe("localhost");
  });
});
