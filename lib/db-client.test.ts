import { describe, expect, it } from "vitest";
import { providerOf } from "./db-client";

describe("providerOf", () => {
  it("picks the database from DATABASE_URL alone", () => {
    expect(providerOf("file:./data/shop.db")).toBe("sqlite");
    expect(providerOf("postgresql://shop:pw@localhost:5432/shop")).toBe("postgresql");
    expect(providerOf("postgres://localhost/shop")).toBe("postgresql");
    expect(() => providerOf("mysql://localhost/shop")).toThrow(/DATABASE_URL/);
  });
});
