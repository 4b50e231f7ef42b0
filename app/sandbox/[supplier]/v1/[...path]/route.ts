// GET|POST /sandbox/<supplier>/v1/* — a further sandbox supplier's API (off unless SANDBOX_ENABLED
// and SANDBOX_SUPPLIERS names it; docs/suppliers.md#sandbox)
import { serveSandboxSupplierV1, type SupplierParams } from "@/lib/sandbox/supplier-route";

export const GET = (request: Request, context: SupplierParams) => serveSandboxSupplierV1(request, context);
export const POST = (request: Request, context: SupplierParams) => serveSandboxSupplierV1(request, context);
