// GET /sandbox/v1 — the sandbox upstream's API info (off unless SANDBOX_ENABLED)
import { serveSandboxV1 } from "@/lib/sandbox/next-route";

export const dynamic = "force-dynamic";

export const GET = (request: Request) => serveSandboxV1(request);
