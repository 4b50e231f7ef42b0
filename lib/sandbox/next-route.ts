import "server-only";
// Glue for the Next.js route handlers: the SANDBOX_ENABLED switch and the dropped-answer fault.
import { env } from "@/lib/env";
import { getSandbox } from "./index";

const notFound = () =>
  Response.json({ success: false, message: "Not found.", data: {} }, { status: 404 });

/** Serves one /sandbox/v1 request through the process sandbox (404 when the sandbox is off). */
export async function serveSandboxV1(request: Request): Promise<Response> {
  if (!env.SANDBOX_ENABLED) return notFound();
  try {
    return await getSandbox().handle(request);
  } catch {
    // dropNextPurchases: the purchase happened, the answer never arrives (the body stream errors).
    const body = new ReadableStream({ start: (c) => c.error(new Error("connection dropped")) });
    return new Response(body, { status: 200, headers: { "Content-Type": "application/json" } });
  }
}
