// Unsigned or broken posts to a webhook receiver must not fill the database: a client whose
// deliveries were refused too often (clientLimits.webhookRejections) is refused early, before
// its body is read or a row written; the upstream's own deliveries are never refused, so the
// upstream is only held back while its deliveries fail verification anyway.
import "server-only";
import { clientIp } from "@/lib/http/client-ip";
import { countWebhook } from "@/lib/metrics/observe";
import { consumeClientLimit, peekClientLimit, rateLimitedResponse } from "@/lib/rate-limit/client-limits";

/** Statuses that mean "refused": authentication failures, malformed or oversized bodies. */
const refusals = new Set([400, 401, 413, 415]);

/** Runs a receiver unless this client is over its refusals; counts each refusal it answers. */
export async function withRejectionLimit(
  request: Request,
  receive: (request: Request) => Promise<Response>,
): Promise<Response> {
  const client = clientIp(request.headers);
  const early = await peekClientLimit("webhookRejections", client);
  if (!early.ok) {
    countWebhook(new URL(request.url).pathname.endsWith("/stripe") ? "stripe" : "upstream", "limited");
    await request.body?.cancel().catch(() => undefined);
    return rateLimitedResponse(early);
  }
  const response = await receive(request);
  if (refusals.has(response.status)) await consumeClientLimit("webhookRejections", client);
  return response;
}
