import { describe, expect, it } from "vitest";
import { accountAnswerKey } from "./account-answers";
import { translatorFor } from "./translator";

describe("accountAnswerKey", () => {
  it("maps a known account answer to its catalog key", () => {
    expect(accountAnswerKey("The two passwords differ.")).toEqual({ key: "passwordsDiffer" });
    expect(accountAnswerKey("Signed out of all devices.")).toEqual({ key: "signedOutEverywhere" });
  });

  it("reads the number of claimed orders out of the confirmation, one and many", () => {
    expect(accountAnswerKey("Email confirmed. 1 earlier order was added to your account.")).toEqual({
      key: "emailConfirmedClaimed",
      values: { count: 1 },
    });
    expect(accountAnswerKey("Email confirmed. 3 earlier orders were added to your account.")).toEqual({
      key: "emailConfirmedClaimed",
      values: { count: 3 },
    });
  });

  it("leaves an answer it does not know to be shown as sent", () => {
    expect(accountAnswerKey("Wrong email or password, said nobody.")).toBeNull();
  });

  it("gives back every English answer byte for byte through the English catalog", () => {
    const t = translatorFor("en", "auth");
    for (const english of [
      "Thanks. Check your email: we sent you a message to finish (a link to confirm your address, or how to sign in if you already have an account).",
      "This link is not valid, was already used, or has expired. Ask for a new one.",
      "Email confirmed. 1 earlier order was added to your account.",
      "Email confirmed. 12 earlier orders were added to your account.",
      "Something went wrong. Please try again.",
    ]) {
      const match = accountAnswerKey(english)!;
      expect(t(`answers.${match.key}` as "answers.signedUp", match.values as never)).toBe(english);
    }
  });

  it("reads a claimed-orders confirmation in Indonesian", () => {
    const t = translatorFor("id", "auth");
    expect(t("answers.emailConfirmedClaimed", { count: 2 })).toBe(
      "Email terkonfirmasi. 2 pesanan sebelumnya ditambahkan ke akun Anda.",
    );
  });
});
