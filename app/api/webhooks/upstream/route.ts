// POST /api/webhooks/upstream — signed upstream order notifications, through the one inbox.
import "server-only";
import { toResponse } from "@/lib/errors";
import { receiveWebhook } from "@/lib/webhooks/inbox";
import { withRejectionLimit } from "@/lib/webhooks/rejection-limit";
import { upstreamWebhooks } from "@/lib/webhooks/upstream/source";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  try {
    // A client refused too often is refused early, before its body is read or stored.
    return await withRejectionLimit(request, (r) => receiveWebhook(upstreamWebhooks, r));
  } catch (error) {
    // A database failure while recording: 500 so the upstream retries the same id later.
    return toResponse(error);
  }
}
