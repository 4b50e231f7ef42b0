// Reads a request body as raw bytes with a hard size cap, so the HMAC is computed over
// exactly what was sent and an oversized body is never buffered whole.

/** Largest webhook body accepted; real deliveries are a few hundred bytes. */
export const maxWebhookBodyBytes = 64 * 1024;

export type RawBody = { ok: true; bytes: Uint8Array } | { ok: false; prefix: Uint8Array; size: number };

/** Returns the exact bytes, or a prefix (for the log) once the cap is passed. */
export async function readRawBody(request: Request, limit = maxWebhookBodyBytes): Promise<RawBody> {
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
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      chunks.push(value);
      return { ok: false, prefix: concat(chunks).subarray(0, limit), size };
    }
    chunks.push(value);
  }
  return { ok: true, bytes: concat(chunks) };
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
