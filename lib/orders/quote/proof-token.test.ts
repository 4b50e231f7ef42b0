import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db";
import { readAccountProof, signAccountProof } from "./account-proof";
import { digestFields, openProof, proofFreshMs, signProof } from "./proof-token";
import { readQuoteProof, signQuoteProof } from "./quote-proof";

const at = Date.parse("2026-11-25T12:00:00Z");
const now = new Date(at);
const later = (ms: number) => new Date(at + ms);

const line = {
  itemCode: "SKU-1",
  quantity: 2,
  unitCost: new Prisma.Decimal("9.5"),
  unitPrice: new Prisma.Decimal("10.45"),
  availableQuantity: 37,
  checkedAt: now,
  problem: null,
  supplier: "main",
  supplierItemCode: null as string | null,
};

/** The same token with one character of its part `index` changed. */
function flip(token: string, index: number): string {
  const parts = token.split(".");
  const p = parts[index]!;
  parts[index] = p.slice(0, 5) + (p[5] === "A" ? "B" : "A") + p.slice(6);
  return parts.join(".");
}

describe("checkout proofs", () => {
  it("opens what it signed until the proof is older than proofFreshMs", () => {
    const token = signProof("quote", { at, x: 1 })!;
    expect(openProof("quote", token, later(proofFreshMs))).toEqual({ at, x: 1 });
    expect(openProof("quote", token, later(proofFreshMs + 1))).toBeNull();
  });

  it("refuses a proof dated in the future beyond a small clock skew", () => {
    const token = signProof("quote", { at: at + 60_000 })!;
    expect(openProof("quote", token, now)).toBeNull();
  });

  it("refuses a changed payload or signature, a proof of another kind, and garbage", () => {
    const token = signProof("quote", { at })!;
    expect(openProof("quote", flip(token, 1), now)).toBeNull();
    expect(openProof("quote", flip(token, 2), now)).toBeNull();
    expect(openProof("account", token, now)).toBeNull();
    for (const junk of ["", "p1", "p1..", "p2.a.b", token + ".x", "x".repeat(4000)])
      expect(openProof("quote", junk, now)).toBeNull();
  });

  it("keeps the shop's cost and the supplier's stock figure unreadable in the token", () => {
    const token = signQuoteProof([line], "USD")!;
    const visible = token
      .split(".")
      .map((p) => Buffer.from(p, "base64url").toString("latin1"))
      .join(" ");
    expect(visible).not.toContain("9.5");
    expect(visible).not.toContain("SKU-1");
    expect(visible).not.toContain('"cur"');
  });

  it("names the offer each line was checked at: main's own row, or another supplier's offer", () => {
    const items = [
      { itemCode: "SKU-1", quantity: 2 },
      { itemCode: "SKU-3", quantity: 1 },
    ];
    const token = signQuoteProof(
      [line, { ...line, itemCode: "SKU-3", quantity: 1, supplier: "b", supplierItemCode: "B-SKU-3" }],
      "USD",
    )!;
    const proven = readQuoteProof(token, items, "USD", now)!;
    expect(proven.get("SKU-1")).toMatchObject({ supplier: "main", supplierItemCode: "SKU-1" });
    expect(proven.get("SKU-3")).toMatchObject({ supplier: "b", supplierItemCode: "B-SKU-3" });
  });

  it("proves a quote only for the same items, quantities and currency", () => {
    const token = signQuoteProof([line], "USD")!;
    const proven = readQuoteProof(token, [{ itemCode: "SKU-1", quantity: 2 }], "USD", now)!;
    expect(proven.get("SKU-1")?.unitCost.toFixed(2)).toBe("9.50");
    expect(proven.get("SKU-1")?.checkedAt).toEqual(now);
    expect(readQuoteProof(token, [{ itemCode: "SKU-1", quantity: 1 }], "USD", now)).toBeNull();
    expect(readQuoteProof(token, [{ itemCode: "SKU-2", quantity: 2 }], "USD", now)).toBeNull();
    expect(readQuoteProof(token, [{ itemCode: "SKU-1", quantity: 2 }], "EUR", now)).toBeNull();
    const twoLines = [
      { itemCode: "SKU-1", quantity: 2 },
      { itemCode: "SKU-3", quantity: 1 },
    ];
    expect(readQuoteProof(token, twoLines, "USD", now)).toBeNull();
  });

  it("signs no quote with a problem or an unchecked line", () => {
    expect(signQuoteProof([{ ...line, problem: "Out of stock." }], "USD")).toBeNull();
    expect(signQuoteProof([{ ...line, checkedAt: null }], "USD")).toBeNull();
    expect(signQuoteProof([], "USD")).toBeNull();
  });

  it("dates a quote proof by its oldest check", () => {
    const token = signQuoteProof([line, { ...line, itemCode: "SKU-2", checkedAt: later(-90_000) }], "USD")!;
    const items = [
      { itemCode: "SKU-1", quantity: 2 },
      { itemCode: "SKU-2", quantity: 2 },
    ];
    expect(readQuoteProof(token, items, "USD", later(30_000))).not.toBeNull();
    expect(readQuoteProof(token, items, "USD", later(31_000))).toBeNull();
  });

  it("proves an account only for the same SKU and the same values (trimmed, any key order)", () => {
    const fields = { player_id: "12345678", zone_id: "1234" };
    const token = signAccountProof("TOPUP-1", fields, "Player 5678", now)!;
    expect(readAccountProof(token, "TOPUP-1", { zone_id: " 1234", player_id: "12345678" }, now)).toEqual({
      displayName: "Player 5678",
    });
    expect(readAccountProof(token, "TOPUP-2", fields, now)).toBeNull();
    expect(readAccountProof(token, "TOPUP-1", { ...fields, player_id: "12345679" }, now)).toBeNull();
    expect(readAccountProof(token, "TOPUP-1", fields, later(proofFreshMs + 1))).toBeNull();
  });

  it("digests account fields with a key, not a bare hash anyone could recompute", () => {
    const canonical = JSON.stringify([["player_id", "12345678"]]);
    const bare = createHash("sha256").update(canonical).digest("base64url");
    expect(digestFields({ player_id: "12345678" })).not.toBe(bare);
    expect(digestFields({ player_id: "12345678" })).toBe(digestFields({ player_id: " 12345678 " }));
  });
});
