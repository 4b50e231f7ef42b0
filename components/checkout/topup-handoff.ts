// The account a shopper checked on a top-up's family page, handed to checkout in this browser
// tab only (sessionStorage: never in a URL, never sent anywhere but to checkout's own form).
// Checkout still validates it again for the exact SKU before taking any payment.

/** `proof`: the server's signed word that it checked the fields (checkout skips checking again while fresh). */
export type AccountHandoff = { fields: Record<string, string>; displayName: string | null; proof?: string | null };

const maxAgeMs = 30 * 60_000;
const key = (scope: string) => `topup-account:${scope}`;

/** Remembers a checked account for a family page or an item code (scope). */
export function saveAccountHandoff(scope: string, account: AccountHandoff): void {
  try {
    sessionStorage.setItem(key(scope), JSON.stringify({ ...account, at: Date.now() }));
  } catch {
    // Storage off (private mode, quota): the shopper types the account again at checkout.
  }
}

/** The account checked for `scope` in the last 30 minutes, or null. */
export function readAccountHandoff(scope: string): AccountHandoff | null {
  try {
    const raw = sessionStorage.getItem(key(scope));
    if (!raw) return null;
    const v = JSON.parse(raw) as AccountHandoff & { at?: number };
    if (typeof v.at !== "number" || Date.now() - v.at > maxAgeMs || typeof v.fields !== "object" || v.fields === null)
      return null;
    const fields = Object.fromEntries(Object.entries(v.fields).filter(([, x]) => typeof x === "string")) as Record<
      string,
      string
    >;
    return {
      fields,
      displayName: typeof v.displayName === "string" ? v.displayName : null,
      proof: typeof v.proof === "string" ? v.proof : null,
    };
  } catch {
    return null;
  }
}

/** Forgets a handed-off account (after the order is placed, or when the shopper changes it). */
export function clearAccountHandoff(scope: string): void {
  try {
    sessionStorage.removeItem(key(scope));
  } catch {
    // nothing stored
  }
}

/** Whether two accounts' fields are the same (the same keys, the same values). */
export function sameFields(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
