// Parses a family page's URL (?region=EU&value=20&item=CODE). Bad values are dropped, never
// thrown: a shared or hand-edited link always renders the family with its defaults.
import { z } from "zod";
import { preferredCountries } from "./regions";

type RawParams = Record<string, string | string[] | undefined>;

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const part = (pattern: RegExp, max: number) =>
  z
    .preprocess(first, z.string().trim().max(max).regex(pattern).optional().catch(undefined))
    .transform((v) => v || undefined);

const familyParamsSchema = z.object({
  region: part(/^[\p{L}\p{N} ._-]+$/u, 100),
  value: part(/^\d{1,12}(\.\d{1,4})?$/, 20),
  item: part(/^[A-Za-z0-9._/ -]+$/, 64),
});

export type FamilyParams = z.infer<typeof familyParamsSchema>;

/** Never throws: every invalid parameter becomes "not set". */
export function parseFamilyParams(raw: RawParams): FamilyParams {
  return familyParamsSchema.parse(raw);
}

/** The shopper's likely countries from request headers (Accept-Language, a CDN's country header). */
export function countriesFromHeaders(h: Headers): string[] {
  const cdn = h.get("cf-ipcountry") ?? h.get("x-vercel-ip-country") ?? h.get("cloudfront-viewer-country");
  return preferredCountries(h.get("accept-language"), cdn);
}
