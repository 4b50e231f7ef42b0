// Buyer fields of direct top-ups (spec 4.7): missing/blank → missing_fields, unknown/too long/
// unverifiable → invalid_fields. Sandbox rule: every value is 6–12 digits; "000000" is unverifiable.
import { errorState } from "@/lib/upstream/contract";
import { fail } from "./http";
import type { RequiredField } from "./product-row";

/** Throws the 422 for the first problem; returns the trimmed fields. Values are never echoed. */
export function checkTopUpFields(
  required: RequiredField[],
  fields: Record<string, string> | undefined,
): Record<string, string> {
  const given = fields ?? {};
  for (const f of required) {
    if (f.required && (given[f.key] === undefined || given[f.key].trim() === "")) {
      throw fail(422, `Missing required field: ${f.key}.`, errorState.missingFields, { field: f.key });
    }
  }
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(given)) {
    const entry = required.find((f) => f.key === key);
    if (!entry) throw fail(422, "Unknown field.", errorState.invalidFields, { field: key.slice(0, 100) });
    const value = raw.trim();
    if (value.length > entry.max_length)
      throw fail(422, `Field ${key} is too long.`, errorState.invalidFields, { field: key });
    if (!/^\d{6,12}$/.test(value))
      throw fail(422, `Field ${key} is not valid.`, errorState.invalidFields, { field: key });
    if (/^0+$/.test(value))
      throw fail(422, `The account for ${key} could not be verified.`, errorState.invalidFields, { field: key });
    out[key] = value;
  }
  return out;
}

/** Deterministic account label: first field ending in an even digit → "Player 1234", odd → null. */
export function displayNameFor(required: RequiredField[], fields: Record<string, string>): string | null {
  const first = fields[required[0]?.key ?? ""];
  if (!first) return null;
  return Number(first.at(-1)) % 2 === 0 ? `Player ${first.slice(-4)}` : null;
}

/** Normalised fields for the idempotency scope: sorted keys, trimmed values. */
export function normaliseFields(fields: Record<string, string> | undefined): string {
  const entries = Object.entries(fields ?? {}).map(([k, v]) => [k.trim(), v.trim()] as const);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}
