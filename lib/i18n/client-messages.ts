// The messages a page hands to its client components (app/_document/root-document.tsx): only the
// namespaces client code reads, since every message passed travels in each page's flight data
// (docs/storefront.md#speed-on-phones). Server components read the render's whole catalog; the
// emails, receipts and timelines read theirs through lib/i18n/translator.ts. A client component
// that reads a namespace not listed here shows its keys instead of its words, so
// tests/unit/client-messages-guard.test.ts scans client code and fails on one missing.
import type { ShopMessages } from "./messages";

/** The namespaces client code reads (`useTranslations` in client modules and what they import). */
export const clientNamespaces = [
  "account",
  "auth",
  "cart",
  "checkout",
  "demo",
  "error",
  "header",
  "notFound",
  "order",
  "product",
  "signIn",
  "site",
  "topup",
  "validation",
] as const satisfies readonly (keyof ShopMessages)[];

/** The client's part of a render's messages: its namespaces, in that render's language. */
export function clientMessages<M extends Record<string, unknown>>(
  messages: M,
): Pick<M, Extract<(typeof clientNamespaces)[number], keyof M>> {
  const picked: Record<string, unknown> = {};
  for (const namespace of clientNamespaces) {
    if (namespace in messages) picked[namespace] = messages[namespace];
  }
  return picked as Pick<M, Extract<(typeof clientNamespaces)[number], keyof M>>;
}
