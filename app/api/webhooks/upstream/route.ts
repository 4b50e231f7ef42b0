// POST /api/webhooks/upstream — signed upstream order notifications: verify → record → 2xx → settle
import "server-only";
import { toResponse } from "@/lib/errors";
import { withRejectionLimit } from "@/lib/webhooks/rejection-limit";
import { receiveUpstreamWebhook } from "@/lib/webhooks/receive";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  try {
    // A client refused too often is refused early, before its body is read or stored.
    return await withRejectionLimit(request, (r) => receiveUpstreamWebhook(r));
  } catch (error) {
    // A database failure while recording: 500 so the upstream retries the same id later.
    return toResponse(error);
  }
}
