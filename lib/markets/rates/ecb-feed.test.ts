import { describe, expect, it } from "vitest";
import { ecbFeedXml } from "@/tests/helpers/ecb-feed";
import { parseEcbFeed } from "./ecb-feed";

const good = ecbFeedXml("2026-11-25", { USD: "1.0512", JPY: "162.47", IDR: "17321.45", BRL: "6.1234" });

function reasonOf(xml: string): string {
  const r = parseEcbFeed(xml);
  if (r.ok) throw new Error("expected the feed to be refused");
  return r.reason;
}

describe("parseEcbFeed", () => {
  it("reads the date and every currency's rate per euro from a published daily feed", () => {
    const r = parseEcbFeed(good);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.feed.date).toBe("2026-11-25");
    expect([...r.feed.rates].map(([c, v]) => `${c} ${v.toString()}`)).toEqual([
      "USD 1.0512",
      "JPY 162.47",
      "IDR 17321.45",
      "BRL 6.1234",
    ]);
  });

  it("accepts double-quoted attributes, comments and a byte-order mark", () => {
    const xml = "\uFEFF" + good.replaceAll("'", '"').replace("<Cube>", "<!-- today -->\n\t<Cube>");
    expect(parseEcbFeed(xml).ok).toBe(true);
  });

  it("refuses a DOCTYPE, so no entity can be declared or expanded", () => {
    const xml = good.replace(
      "<gesmes:Envelope",
      '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>\n<gesmes:Envelope',
    );
    expect(reasonOf(xml)).toBe("DOCTYPE, ENTITY and other declarations are refused");
  });

  it("refuses an entity reference it does not know", () => {
    expect(reasonOf(good.replace("European Central Bank", "&xxe;"))).toBe("an unknown entity reference is refused");
  });

  it("refuses malformed XML: an unclosed element, a stray closing tag, a broken tag, text outside the root", () => {
    expect(reasonOf(good.replace("</gesmes:Envelope>", ""))).toMatch(
      /^malformed XML: <gesmes:Envelope> is never closed/,
    );
    expect(reasonOf(good.replace("\t</Cube>\n</gesmes", "\t</Cube></Cube>\n</gesmes"))).toMatch(/closes nothing open/);
    expect(reasonOf(good.replace("<Cube currency='JPY'", "<Cube currency=JPY"))).toMatch(
      /^malformed XML: a broken tag/,
    );
    expect(reasonOf(good + "trailing")).toMatch(/text outside the root element/);
    expect(reasonOf("not xml at all")).toMatch(/^malformed XML/);
    expect(reasonOf("")).toMatch(/^malformed XML: no root element/);
  });

  it("refuses a feed without exactly one dated Cube", () => {
    expect(reasonOf(good.replace("time='2026-11-25'", ""))).toBe("expected one dated Cube, found 0");
  });

  it("refuses bad numbers: negative, zero, exponent, comma, empty", () => {
    for (const bad of ["-1.05", "0", "0.0000", "1e3", "1,05", ""]) {
      const reason = reasonOf(ecbFeedXml("2026-11-25", { USD: "1.05", JPY: bad }));
      expect(reason).toMatch(/^a rate must be (a plain decimal number|more than zero) \(JPY\)$/);
    }
  });

  it("refuses a bad date, a bad currency code and a currency listed twice", () => {
    expect(reasonOf(ecbFeedXml("2026-13-40", { USD: "1.05" }))).toMatch(/date/i);
    expect(reasonOf(ecbFeedXml("2026-11-25", { usd: "1.05" }))).toBe("a currency must be three capital letters (usd)");
    const twice = good.replace("<Cube currency='JPY'", "<Cube currency='USD'");
    expect(reasonOf(twice)).toBe("a currency is listed twice");
  });

  it("refuses a feed with no rates", () => {
    expect(reasonOf(ecbFeedXml("2026-11-25", {}))).toBe("the feed lists no rates");
  });
});
