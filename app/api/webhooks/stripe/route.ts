// POST /api/webhooks/stripe — signed Stripe Checkout events, through the one inbox.
import "server-only";
import { toResponse } from "@/lib/errors";
import { receiveWebhook } from "@/lib/webhooks/inbox";
import { withRejectionLimit } from "@/lib/webhooks/rejection-limit";
import { stripeWebhooks } from "@/lib/webhooks/stripe/source";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const stripe = stripeWebhooks();

export async function POST(request: Request): Promise<Response> {
  try {
    // A client refused too often is refused early, before its body is read or stored.
    return await withRejectionLimit(request, (r) => receiveWebhook(stripe, r));
  } catch (error) {
    // A database failure while recording: 500 so Stripe retries the same event later.
    return toResponse(error);
  }
}
