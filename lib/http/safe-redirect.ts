// Where the shop may send a browser after sign-in (or any other "return to" parameter): one
// function, so every callback URL is judged by the same rule.

const maxLength = 2048;
// Backslashes and control characters (tab, CR, LF, NUL, DEL…) are what browsers quietly drop or
// turn into "/": "/\evil.example" and "/\t/evil.example" both mean "//evil.example" to them.
const unsafeCharacters = /[\\\u0000-\u001f\u007f]/;

/**
 * A same-site path for `value` (a query value: already URL-decoded once), or `fallback`. The
 * target is resolved against the shop's own origin and must stay on it; backslashes and control
 * characters are refused outright (also once more decoded), as are protocol-relative and
 * absolute URLs to anywhere else. Same-origin absolute URLs come back as paths.
 */
export function safeRedirectPath(value: unknown, origin: string, fallback = "/account"): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== "string" || raw.length === 0 || raw.length > maxLength) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return fallback;
  }
  if (unsafeCharacters.test(raw) || unsafeCharacters.test(decoded)) return fallback;
  if (decoded.startsWith("//")) return fallback;
  const base = new URL(origin);
  let target: URL;
  try {
    target = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (target.origin !== base.origin) return fallback;
  // Relative targets must be paths ("/…"): "evil.example" or "javascript:…" never are.
  if (!raw.startsWith("/") && !raw.startsWith(`${base.origin}/`) && raw !== base.origin) return fallback;
  return `${target.pathname}${target.search}${target.hash}`;
}
