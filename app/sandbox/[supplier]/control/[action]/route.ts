// GET|POST /sandbox/<supplier>/control/<action> — one sandbox supplier's test and demo levers
// (X-API-Key = that supplier's sandbox key); in a production build only from this machine
import { serveSandboxSupplierControl, type SupplierActionParams } from "@/lib/sandbox/supplier-route";

export const GET = (request: Request, context: SupplierActionParams) => serveSandboxSupplierControl(request, context);
export const POST = (request: Request, context: SupplierActionParams) => serveSandboxSupplierControl(request, context);
