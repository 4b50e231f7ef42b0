// POST /api/webhooks/upstream — signed upstream order notifications, through the one inbox.
import "server-only";
import { handleRoute } from "@/lib/http/route";
import { receiveWebhook } from "@/lib/webhooks/inbox";
import { withRejectionLimit } from "@/lib/webhooks/rejection-limit";
import { upstreamWebhooks } from "@/lib/webhooks/upstream/source";

// A client refused too often is refused early, before its body is read or stored. A database
// failure while recording answers 500, so the upstream retries the same id later.
export const POST = handleRoute((request) => withRejectionLimit(request, (r) => receiveWebhook(upstreamWebhooks, r)));
