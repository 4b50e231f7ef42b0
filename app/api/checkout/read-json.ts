// JSON bodies for the checkout API: Content-Type must be application/json (a cross-site HTML
// form cannot send that without a CORS preflight, which this API never grants) and at most 32 kB.
const MAX_BYTES = 32_768;

export async function readJsonBody(req: Request): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const fail = (status: number, message: string) => ({ ok: false as const, response: Response.json({ ok: false, message }, { status }) });
  if (!(req.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) return fail(415, "Send JSON (Content-Type: application/json).");
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_BYTES) return fail(413, "The request is too large.");
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return fail(400, "The body is not valid JSON.");
  }
}
