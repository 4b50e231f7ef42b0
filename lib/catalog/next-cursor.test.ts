import { describe, expect, it } from "vitest";
import { nextCatalogCursor } from "./next-cursor";

const at = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);

describe("nextCatalogCursor", () => {
  it("moves 1 ms past the latest change once that change is older than the margin", () => {
    expect(
      nextCatalogCursor("2026-01-01T00:00:00.000Z", ms("2026-01-01T10:00:00.000Z"), at("2026-01-01T11:00:00Z"), 60_000),
    ).toBe("2026-01-01T10:00:00.001Z");
  });

  it("stops at the run's start minus the margin when changes are newer than that", () => {
    expect(
      nextCatalogCursor("2026-01-01T00:00:00.000Z", ms("2026-01-01T10:59:30.000Z"), at("2026-01-01T11:00:00Z"), 60_000),
    ).toBe("2026-01-01T10:59:00.000Z");
  });

  it("never moves back, and stays where it was when the run saw nothing", () => {
    expect(
      nextCatalogCursor("2026-01-01T10:59:50.000Z", ms("2026-01-01T10:59:55.000Z"), at("2026-01-01T11:00:00Z"), 60_000),
    ).toBe("2026-01-01T10:59:50.000Z");
    expect(nextCatalogCursor("2026-01-01T10:00:00.000Z", null, at("2026-01-01T11:00:00Z"))).toBe(
      "2026-01-01T10:00:00.000Z",
    );
    expect(nextCatalogCursor(null, null, at("2026-01-01T11:00:00Z"))).toBeNull();
  });

  it("starts the cursor after a first full sync", () => {
    expect(nextCatalogCursor(null, ms("2025-12-01T00:00:00.000Z"), at("2026-01-01T11:00:00Z"))).toBe(
      "2025-12-01T00:00:00.001Z",
    );
  });
});
