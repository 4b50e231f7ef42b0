// The messages a page hands to its client components (app/_document/root-document.tsx): only the
// namespaces its root's client code reads, since every message passed travels in each page's
// flight data (docs/storefront.md#speed-on-phones). The app has two document roots: the cached
// catalog pages (app/(catalog)), whose client code is the header, the buy controls and the error
// and not-found views, and the pages rendered per request (app/(request), and the not-found
// document), whose client code is the cart, checkout, orders, account, sign-in and the header
// again, but not the buy controls (product, topup). Server components read the render's whole
// catalog; the emails, receipts and timelines read theirs through lib/i18n/translator.ts. A client
// component that reads a namespace its root does not list shows its keys instead of its words, so
// tests/unit/client-messages-guard.test.ts follows each root's imports to its client code and
// fails on a namespace missing, or listed but never read.
import type { ShopMessages } from "./messages";

/** The namespaces each root's client code reads (`useTranslations` in client modules and what they import). */
export const clientNamespaces = {
  catalog: ["account", "demo", "error", "header", "notFound", "product", "site", "topup", "validation"],
  request: [
    "account",
    "auth",
    "cart",
    "checkout",
    "demo",
    "error",
    "header",
    "notFound",
    "order",
    "signIn",
    "site",
    "validation",
  ],
} as const satisfies Record<string, readonly (keyof ShopMessages)[]>;

/** A document root of the app: the cached catalog pages, or the pages rendered per request. */
export type DocumentRoot = keyof typeof clientNamespaces;

type ClientPart<M, R extends DocumentRoot> = Pick<M, Extract<(typeof clientNamespaces)[R][number], keyof M>>;

/** The client's part of a render's messages for a root: its namespaces, in that render's language. */
export function clientMessages<M extends Record<string, unknown>, R extends DocumentRoot>(
  messages: M,
  root: R,
): ClientPart<M, R> {
  const picked: Record<string, unknown> = {};
  for (const namespace of clientNamespaces[root]) {
    if (namespace in messages) picked[namespace] = messages[namespace];
  }
  return picked as ClientPart<M, R>;
}
