// POST /api/webhooks/stripe — signed Stripe Checkout events: verify → record → apply once → 2xx
import "server-only";
import { toResponse } from "@/lib/errors";
import { withRejectionLimit } from "@/lib/webhooks/rejection-limit";
import { receiveStripeWebhook } from "@/lib/payments/stripe/receive-webhook";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  try {
    // A client refused too often is refused early, before its body is read or stored.
    return await withRejectionLimit(request, (r) => receiveStripeWebhook(r));
  } catch (error) {
    // A database failure while recording: 500 so Stripe retries the same event later.
    return toResponse(error);
  }
}
