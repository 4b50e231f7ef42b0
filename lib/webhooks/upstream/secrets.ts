// The webhook signing secrets accepted right now from one supplier: its current one, and its
// previous one only inside its rotation window. Read from env; never logged or stored.
import "server-only";
import { MAIN_SUPPLIER, supplierConfig } from "@/lib/upstream/suppliers";
import type { SigningSecret } from "@/lib/webhooks/upstream/verify";

/**
 * Secrets to try for a delivery from `supplier` received at `nowMs`. The previous secret needs an
 * explicit end date (UPSTREAM_WEBHOOK_PREVIOUS_UNTIL): without one it is never accepted (fail closed).
 */
export function getAcceptedSecrets(nowMs: number, supplier: string = MAIN_SUPPLIER): SigningSecret[] {
  const s = supplierConfig(supplier);
  const secrets: SigningSecret[] = [];
  if (s.webhookSecret) secrets.push({ label: "current", secret: s.webhookSecret });
  const previous = s.webhookSecretPrevious;
  const until = s.webhookSecretPreviousUntil;
  if (previous && until && nowMs < Date.parse(until)) secrets.push({ label: "previous", secret: previous });
  return secrets;
}
