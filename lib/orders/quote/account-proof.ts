// A top-up account the upstream has just accepted (POST /orders/validate-fields), as a signed
// proof (proof-token.ts) binding the SKU, a keyed digest of the normalised field values and the
// account name shown: a checkout within proofFreshMs for the same SKU and the same values keeps
// that answer instead of asking again.
import "server-only";
import { z } from "zod";
import { digestFields, openProof, signProof } from "./proof-token";

const payloadSchema = z.object({
  at: z.number().int(),
  item: z.string(),
  fields: z.string(),
  name: z.string().max(256).nullable(),
});

/** Signs an accepted account; null when the shop has no signing secret. */
export function signAccountProof(
  itemCode: string,
  fields: Record<string, string>,
  displayName: string | null,
  now: Date,
): string | null {
  const digest = digestFields(fields);
  return digest ? signProof("account", { at: now.getTime(), item: itemCode, fields: digest, name: displayName }) : null;
}

/** The account name the upstream gave when `token` is a fresh proof for this SKU and these values; else null. */
export function readAccountProof(
  token: string | null | undefined,
  itemCode: string,
  fields: Record<string, string>,
  now: Date,
): { displayName: string | null } | null {
  const parsed = payloadSchema.safeParse(openProof("account", token, now));
  if (!parsed.success || parsed.data.item !== itemCode || parsed.data.fields !== digestFields(fields)) return null;
  return { displayName: parsed.data.name };
}
