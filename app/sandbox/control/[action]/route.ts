// GET|POST /sandbox/control/<action> — the sandbox's test and demo levers (X-API-Key = sandbox
// key); in a production build only from this machine (lib/sandbox/control-access.ts)
import { env } from "@/lib/env";
import { isControlAllowed } from "@/lib/sandbox/control-access";
import { runControlAction } from "@/lib/sandbox/control-http";

type Params = { params: Promise<{ action: string }> };

async function serve(request: Request, { params }: Params): Promise<Response> {
  if (!env.SANDBOX_ENABLED || !isControlAllowed(request.headers)) {
    return Response.json({ success: false, message: "Not found.", data: {} }, { status: 404 });
  }
  return runControlAction((await params).action, request);
}

export const GET = serve;
export const POST = serve;
