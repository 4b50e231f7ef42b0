// GET|POST /sandbox/v1/* — the sandbox upstream's API (off unless SANDBOX_ENABLED)
import { serveSandboxV1 } from "@/lib/sandbox/next-route";

export const GET = (request: Request) => serveSandboxV1(request);
export const POST = (request: Request) => serveSandboxV1(request);
