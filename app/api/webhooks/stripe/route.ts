// POST /api/webhooks/stripe — signed Stripe Checkout events, through the one inbox.
import "server-only";
import { handleRoute } from "@/lib/http/route";
import { receiveWebhook } from "@/lib/webhooks/inbox";
import { withRejectionLimit } from "@/lib/webhooks/rejection-limit";
import { stripeWebhooks } from "@/lib/webhooks/stripe/source";

const stripe = stripeWebhooks();

// A client refused too often is refused early, before its body is read or stored. A database
// failure while recording answers 500, so Stripe retries the same event later.
export const POST = handleRoute((request) => withRejectionLimit(request, (r) => receiveWebhook(stripe, r)));
