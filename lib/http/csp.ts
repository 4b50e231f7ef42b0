// Content-Security-Policy: pages allow only scripts carrying this request's nonce (Next adds it
// to its own scripts when it finds the nonce in the request's policy) and what those load
// ('strict-dynamic'), so an injected inline script never runs. Styles stay 'unsafe-inline':
// React renders style attributes, which nonces cannot cover, and styles cannot run code.

/** A fresh, unguessable nonce for one response. */
export function createNonce(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** The policy of an HTML page answered with `nonce`. */
export function pageContentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    // React's development tooling evaluates code; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
