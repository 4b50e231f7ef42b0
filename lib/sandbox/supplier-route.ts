import "server-only";
// Glue for the /sandbox/<supplier>/… route handlers: the supplier's name from the path (zod), then
// the same handlers as main's (docs/suppliers.md#sandbox). An unknown supplier is a 404.
import { env, supplierNameSchema } from "@/lib/env";
import { isControlAllowed } from "./control-access";
import { runControlAction } from "./control-http";
import { servesSandboxSupplier } from "./index";
import { serveSandboxV1 } from "./next-route";

export type SupplierParams = { params: Promise<{ supplier: string }> };
export type SupplierActionParams = { params: Promise<{ supplier: string; action: string }> };

const notFound = () => Response.json({ success: false, message: "Not found.", data: {} }, { status: 404 });

/** The served sandbox supplier the path names, or null. */
function servedSupplier(name: string): string | null {
  const parsed = supplierNameSchema.safeParse(name);
  return env.SANDBOX_ENABLED && parsed.success && servesSandboxSupplier(parsed.data) ? parsed.data : null;
}

export async function serveSandboxSupplierV1(request: Request, { params }: SupplierParams): Promise<Response> {
  const supplier = servedSupplier((await params).supplier);
  return supplier ? serveSandboxV1(request, supplier) : notFound();
}

export async function serveSandboxSupplierControl(
  request: Request,
  { params }: SupplierActionParams,
): Promise<Response> {
  const { supplier: name, action } = await params;
  const supplier = servedSupplier(name);
  if (!supplier || !isControlAllowed(request.headers)) return notFound();
  return runControlAction(action, request, supplier);
}
