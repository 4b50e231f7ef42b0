// The Content-Security-Policy of every HTML page, whatever allows its scripts: a per-request nonce
// (lib/http/csp.ts) or the hashes stored with a cached page (strict-policy.cjs). One home, so the
// two kinds of pages never drift apart. Styles stay 'unsafe-inline': React renders style
// attributes, which nonces and hashes cannot cover, and styles cannot run code.
"use strict";

/** The page policy with `scriptSources` as its script-src sources. */
function documentPolicy(scriptSources) {
  return [
    "default-src 'self'",
    `script-src ${scriptSources}`,
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

module.exports = { documentPolicy };
