import { describe, expect, it } from "vitest";
import { Prisma } from "@prisma/client";
import { sqlLiteral } from "./sql-literal";

describe("sqlLiteral", () => {
  it("doubles single quotes and keeps backslashes literal, so names cannot break out", () => {
    expect(sqlLiteral("O'Brien's \\ card'); DROP TABLE x;--")).toBe("'O''Brien''s \\ card''); DROP TABLE x;--'");
  });
  it("writes decimals in plain notation, never exponent form", () => {
    expect(sqlLiteral(new Prisma.Decimal("1e21"))).toBe("1000000000000000000000");
    expect(sqlLiteral(new Prisma.Decimal("0.0000001"))).toBe("0.0000001");
  });
  it("writes dates in the text form the SQLite adapter stores", () => {
    expect(sqlLiteral(new Date("2026-01-02T03:04:05.678Z"))).toBe("'2026-01-02T03:04:05.678+00:00'");
  });
  it("maps null, booleans and integers, and refuses what it cannot represent", () => {
    expect([null, undefined, true, false, 42].map(sqlLiteral)).toEqual(["NULL", "NULL", "TRUE", "FALSE", "42"]);
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral({})).toThrow();
  });
});
