// The zod schema for a direct top-up form, generated from the product's required_fields.
// Used in the browser (instant errors) and on the server (the only check that counts).
import { z } from "zod";

export type RequiredFieldSpec = { key: string; label: string; type?: string; required: boolean; maxLength: number };

/** Absolute cap whatever the catalog says: no 10 kB "player ids". */
export const maxFieldLength = 128;

const unsafe = /[<>{}\u0000-\u001f\u007f]/;

/** Parses Product.requiredFields (stored JSON text, snake_case or camelCase keys). */
export function parseRequiredFields(json: string | null | undefined): RequiredFieldSpec[] {
  try {
    const raw = JSON.parse(json ?? "[]") as Record<string, unknown>[];
    if (!Array.isArray(raw)) return [];
    return raw
      .filter((f) => typeof f?.key === "string")
      .map((f) => ({
        key: String(f.key),
        label: typeof f.label === "string" ? f.label : String(f.key),
        type: typeof f.type === "string" ? f.type : "string",
        required: f.required !== false,
        maxLength: Math.min(Number(f.max_length ?? f.maxLength ?? maxFieldLength) || maxFieldLength, maxFieldLength),
      }));
  } catch {
    return [];
  }
}

/** A strict object schema: only the catalog's keys, trimmed, length-capped, no markup. */
export function buildFieldsSchema(specs: RequiredFieldSpec[]) {
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const f of specs) {
    const base = z
      .string()
      .trim()
      .max(f.maxLength, `${f.label} can be at most ${f.maxLength} characters.`)
      .refine((v) => !unsafe.test(v), `${f.label} contains characters that are not allowed.`);
    shape[f.key] = f.required ? base.pipe(z.string().min(1, `${f.label} is required.`)) : base.optional();
  }
  return z.object(shape).strict();
}
