import "server-only";
// Glue for the Next.js route handlers: the SANDBOX_ENABLED switch and the dropped-answer fault.
import { env } from "@/lib/env";
import { bodyLimits, withCappedBody } from "@/lib/http/read-body";
import { errorState } from "@/lib/upstream/contract";
import { envelopeResponse, fail } from "./http";
import { MAIN_SUPPLIER } from "@/lib/env";
import { getSandbox, servesSandboxSupplier } from "./index";

const notFound = () => Response.json({ success: false, message: "Not found.", data: {} }, { status: 404 });

/**
 * Serves one /sandbox/v1 (main) or /sandbox/<supplier>/v1 request through that supplier's process
 * sandbox (404 when the sandbox is off or serves no such supplier).
 */
export async function serveSandboxV1(request: Request, supplier: string = MAIN_SUPPLIER): Promise<Response> {
  if (!env.SANDBOX_ENABLED || !servesSandboxSupplier(supplier)) return notFound();
  // Read within the cap here: the sandbox's own reader would buffer the whole body first.
  const capped = await withCappedBody(request, bodyLimits.webhook);
  if (!capped.ok) return envelopeResponse(fail(422, "Request body is too large.", errorState.validationError));
  try {
    return await getSandbox(supplier).handle(capped.request);
  } catch {
    // dropNextPurchases: the purchase happened, the answer never arrives (the body stream errors).
    const body = new ReadableStream({ start: (c) => c.error(new Error("connection dropped")) });
    return new Response(body, { status: 200, headers: { "Content-Type": "application/json" } });
  }
}
