// Where the shop may send a browser after sign-in (or any other "return to" parameter): one
// function, so every callback URL is judged by the same rule.

const maxLength = 2048;
// Backslashes and control characters (tab, CR, LF, NUL, DEL…) are what browsers quietly drop or
// turn into "/": "/\evil.example" and "/\t/evil.example" both mean "//evil.example" to them.
const unsafeCharacters = /[\\\u0000-\u001f\u007f]/;
// A target still changing after this many decodings is refused rather than guessed at.
const maxDecodings = 3;

/** `value` and each form it takes when decoded again, until it no longer changes; null if it never settles or does not decode. */
function decodings(value: string): string[] | null {
  const forms = [value];
  for (let i = 0; i < maxDecodings; i++) {
    let next: string;
    try {
      next = decodeURIComponent(forms[i]!);
    } catch {
      return null;
    }
    if (next === forms[i]) return forms;
    forms.push(next);
  }
  return null;
}

/**
 * Whether `path` (one decoding of the target) is a same-site path whatever a browser or server
 * makes of it: no backslash or control character, not protocol-relative, and still neither once
 * its dot segments are resolved ("/.//evil.example" is "//evil.example").
 */
function staysOnSite(path: string, base: URL): boolean {
  if (unsafeCharacters.test(path) || !path.startsWith("/") || path.startsWith("//")) return false;
  let resolved: URL;
  try {
    resolved = new URL(path, base);
  } catch {
    return false;
  }
  return resolved.origin === base.origin && !resolved.pathname.startsWith("//");
}

/**
 * A same-site path for `value` (a query value: already URL-decoded once), or `fallback`. The
 * target is resolved against the shop's own origin and must stay on it; backslashes and control
 * characters are refused outright, as are protocol-relative and absolute URLs to anywhere else.
 * Same-origin absolute URLs come back as paths. The path returned, and every form it takes when
 * decoded again and its dot segments resolved, starts with one "/" and never "//" or "/\".
 */
export function safeRedirectPath(value: unknown, origin: string, fallback = "/account"): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== "string" || raw.length === 0 || raw.length > maxLength) return fallback;
  const rawForms = decodings(raw);
  if (!rawForms || rawForms.some((form) => unsafeCharacters.test(form))) return fallback;
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
  const path = `${target.pathname}${target.search}${target.hash}`;
  const forms = decodings(path);
  if (!forms || !forms.every((form) => staysOnSite(form, base))) return fallback;
  if (rawForms.some((form) => form.startsWith("/") && !staysOnSite(form, base))) return fallback;
  return path;
}
