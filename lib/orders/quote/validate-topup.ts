// Direct top-up details: the product's own zod schema first, then POST /orders/validate-fields,
// whose display_name the shopper confirms. 422s land on the field they name. An accepted account
// comes back with a signed proof; a fresh proof for the same SKU and values saves the second call.
// The account is verified at the supplier routing would buy the line from (docs/suppliers.md#routing),
// so a line routed to another supplier spends that supplier's budget, not main's.
import "server-only";
import * as E from "@/lib/upstream/errors";
import { readAccountProof, signAccountProof } from "./account-proof";
import { buildFieldsSchema, type RequiredFieldSpec } from "./topup-fields";
import { MAIN_SUPPLIER } from "@/lib/upstream/suppliers";
import { checkoutUpstreamWaitMs, ordersUpstream } from "../core/upstream-port";
import { chooseQuoteOffer } from "../routing/quote-offer";

export type TopupCheck =
  | { ok: true; fields: Record<string, string>; displayName: string | null; proof: string | null }
  | { ok: false; message: string; fieldErrors: Record<string, string[]> };

/**
 * Validates one line's fields locally and upstream; fieldErrors are keyed by field key. The
 * upstream call waits at most checkoutUpstreamWaitMs (or until `signal`), budget wait included;
 * it is skipped when `proof` is a fresh account proof for this SKU and these values.
 */
export async function validateTopupFields(
  itemCode: string,
  specs: RequiredFieldSpec[],
  raw: unknown,
  opts: { signal?: AbortSignal; proof?: string; now?: Date } = {},
): Promise<TopupCheck> {
  const now = opts.now ?? new Date();
  const parsed = buildFieldsSchema(specs).safeParse(raw ?? {});
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.code === "unrecognized_keys" ? "_form" : String(issue.path[0] ?? "_form");
      (fieldErrors[key] ??= []).push(issue.code === "unrecognized_keys" ? "Unexpected field." : issue.message);
    }
    return { ok: false, message: "Please check the account details.", fieldErrors };
  }
  const fields = Object.fromEntries(
    Object.entries(parsed.data).filter(([, v]) => v !== undefined && v !== ""),
  ) as Record<string, string>;
  const proven = readAccountProof(opts.proof, itemCode, fields, now);
  if (proven) return { ok: true, fields, displayName: proven.displayName, proof: opts.proof! };
  try {
    // The offer a quote would check now; none (one supplier, or none can be bought): main's row.
    const offer = await chooseQuoteOffer(itemCode, 1, now);
    const r = await ordersUpstream(offer?.supplier ?? MAIN_SUPPLIER).validateFields(
      { itemCode: offer?.itemCode ?? itemCode, fields },
      { signal: opts.signal ?? AbortSignal.timeout(checkoutUpstreamWaitMs) },
    );
    return {
      ok: true,
      fields,
      displayName: r.displayName,
      proof: signAccountProof(itemCode, fields, r.displayName, now),
    };
  } catch (err) {
    if (err instanceof E.MissingFieldsError || err instanceof E.InvalidFieldsError) {
      const spec = specs.find((s) => s.key === err.field) ?? specs[0];
      const key = spec?.key ?? "_form";
      const label = spec?.label ?? "account";
      // Our own words with the field's label: the upstream's message names keys, not labels.
      const words =
        err instanceof E.MissingFieldsError
          ? `${label} is required.`
          : `We could not verify this ${label}. Check it and try again.`;
      return { ok: false, message: "Please check the account details.", fieldErrors: { [key]: [words] } };
    }
    return { ok: false, message: "We could not verify the account right now. Please try again.", fieldErrors: {} };
  }
}
