// Who is asking, for per-client limits (sign-in, sign-up, checkout, quotes): one function, so the
// rule for trusting proxy headers lives in one place.

type HeaderSource = Record<string, string | string[] | undefined> | Headers | undefined;

/**
 * The client IP for rate limiting: the last X-Forwarded-For hop, i.e. the one added by the
 * nearest proxy (or by Next from the socket), which a client cannot forge behind a proxy
 * that appends. "unknown" when absent.
 */
export function clientIp(headers: HeaderSource): string {
  const get = (name: string): string | undefined => {
    if (!headers) return undefined;
    if (headers instanceof Headers) return headers.get(name) ?? undefined;
    const v = headers[name];
    return Array.isArray(v) ? v[v.length - 1] : v;
  };
  const forwarded = get("x-forwarded-for")?.split(",").at(-1)?.trim();
  return (forwarded || get("x-real-ip") || "unknown").slice(0, 64);
}
