import { describe, expect, it } from "vitest";
import { checkTopUpFields, displayNameFor, normaliseFields } from "./topup-fields";
import type { RequiredField } from "./product-row";

const required: RequiredField[] = [
  { key: "player_id", label: "Player ID", type: "string", required: true, max_length: 12 },
  { key: "zone_id", label: "Zone", type: "string", required: true, max_length: 12 },
];

describe("sandbox top-up fields", () => {
  it("trims accepted values and names the first missing required key", () => {
    expect(checkTopUpFields(required, { player_id: " 123456 ", zone_id: "7654321" })).toEqual({
      player_id: "123456",
      zone_id: "7654321",
    });
    expect(() => checkTopUpFields(required, { player_id: "123456" })).toThrow(
      expect.objectContaining({ data: { state: "missing_fields", field: "zone_id" } }),
    );
  });

  it("derives display names from the last digit of the first field", () => {
    expect(displayNameFor(required, { player_id: "12345678" })).toBe("Player 5678");
    expect(displayNameFor(required, { player_id: "12345677" })).toBeNull();
  });

  it("normalises fields for the idempotency scope regardless of key order and whitespace", () => {
    expect(normaliseFields({ zone_id: "2 ", player_id: " 1" })).toBe(normaliseFields({ player_id: "1", zone_id: "2" }));
    expect(normaliseFields(undefined)).toBe("[]");
  });
});
