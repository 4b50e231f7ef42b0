// Content-Security-Policy of pages rendered per request: they allow only scripts carrying this
// request's nonce (Next adds it to its own scripts when it finds the nonce in the request's
// policy) and what those load ('strict-dynamic'), so an injected inline script never runs.
import { documentPolicy } from "./page-cache/document-policy.cjs";

/** A fresh, unguessable nonce for one response. */
export function createNonce(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** The policy of an HTML page answered with `nonce` (the pages' one policy, page-cache/document-policy.cjs). */
export function pageContentSecurityPolicy(nonce: string, dev: boolean): string {
  // React's development tooling evaluates code; production never does.
  return documentPolicy(`'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`);
}
