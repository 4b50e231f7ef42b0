// POST /api/webhooks/upstream — signed upstream order notifications: verify → record → 2xx → settle
import "server-only";
import { toResponse } from "@/lib/errors";
import { receiveUpstreamWebhook } from "@/lib/webhooks/receive";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  try {
    return await receiveUpstreamWebhook(request);
  } catch (error) {
    // A database failure while recording: 500 so the upstream retries the same id later.
    return toResponse(error);
  }
}
