// Request bodies for every route handler: refused by Content-Length before a byte is read and
// cut off while streaming past the cap, so no request can make the server buffer more than
// its route allows (a chunked body declares no length). One module for JSON APIs, webhooks
// (exact bytes for the HMAC) and handlers that read the body themselves (next-auth, sandbox).

/** The largest body each kind of route reads. */
export const bodyLimits = { json: 32 * 1024, form: 16 * 1024, webhook: 64 * 1024 } as const;

/** How much of an oversized body is kept for a log. */
const prefixBytes = 1024;

export type BodyRead = { ok: true; bytes: Uint8Array } | { ok: false; prefix: Uint8Array; size: number };

/** The exact bytes, or (past `limit`) the first bytes and the size seen when reading stopped. */
export async function readBodyBytes(request: Request, limit: number): Promise<BodyRead> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, prefix: new Uint8Array(0), size: declared };
  }
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    chunks.push(value);
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, prefix: concat(chunks).subarray(0, Math.min(limit, prefixBytes)), size };
    }
  }
  return { ok: true, bytes: concat(chunks) };
}

function fail(status: number, message: string) {
  return {
    ok: false as const,
    response: Response.json({ ok: false, message }, { status, headers: { "cache-control": "no-store" } }),
  };
}

const tooLarge = () => fail(413, "The request is too large.");

/**
 * A JSON API body. Content-Type must be application/json: a cross-site HTML form cannot send
 * that without a CORS preflight, which this app never grants. `optional`: an empty body is {}.
 * A body holding a NUL byte in any key or string is a 400.
 */
export async function readJsonBody(
  request: Request,
  opts: { limit?: number; optional?: boolean } = {},
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const isJson = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json");
  if (!isJson && !opts.optional) return fail(415, "Send JSON (Content-Type: application/json).");
  const read = await readBodyBytes(request, opts.limit ?? bodyLimits.json);
  if (!read.ok) return tooLarge();
  if (read.bytes.byteLength === 0 && opts.optional) return { ok: true, value: {} };
  if (!isJson) return fail(415, "Send JSON (Content-Type: application/json).");
  let holdsNul = false;
  let value: unknown;
  try {
    // A NUL byte ("\u0000") in any key or string: PostgreSQL text cannot hold one, so it is malformed input.
    value = JSON.parse(new TextDecoder().decode(read.bytes), (key, v: unknown) => {
      if (key.includes("\u0000") || (typeof v === "string" && v.includes("\u0000"))) holdsNul = true;
      return v;
    });
  } catch {
    return fail(400, "The body is not valid JSON.");
  }
  return holdsNul ? fail(400, "The body holds a NUL character.") : { ok: true, value };
}

/** The same request with its body already read within `limit`, for handlers that read bodies themselves. */
export async function withCappedBody(
  request: Request,
  limit: number,
): Promise<{ ok: true; request: Request } | { ok: false; response: Response }> {
  if (request.method === "GET" || request.method === "HEAD") return { ok: true, request };
  const read = await readBodyBytes(request, limit);
  if (!read.ok) return tooLarge();
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  return {
    ok: true,
    request: new Request(request.url, {
      method: request.method,
      headers,
      body: read.bytes.byteLength ? (read.bytes as Uint8Array<ArrayBuffer>) : null,
    }),
  };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}
