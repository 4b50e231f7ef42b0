// POST /api/checkout — the checkout form's action as JSON, for scripted clients and load tests:
// the same checkout (strict input, live quote, payment, the purchase after the response).
// Body: { email, items: [{ itemCode, quantity, fields? }], card?, expectedTotal, quoteProof? }
// (quoteProof: the quote's `proof`; a fresh one spares checkout a second stock check).
// 201 { token, orderUrl, paymentStatus, redirectUrl? }; 422 { message, fieldErrors?, quote? };
// 429 past the client's checkout limit; 500 when something failed on our side (with the order's
// orderUrl when the card was already charged: the message says so).
import { z } from "zod";
import { getSessionUser } from "@/lib/auth/guards";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";
import { handleJson } from "@/lib/http/route";
import { checkout } from "@/lib/orders/checkout/checkout";
import { orderPagePath } from "@/lib/orders/checkout/failed-after-charge";
import { rateLimitedResponse } from "@/lib/rate-limit/client-limits";

// The body is parsed strictly by checkout() itself (field errors in a 422, like the form's).
export const POST = handleJson(z.unknown(), async (input, req) => {
  const result = await checkout(input, { userId: (await getSessionUser())?.id ?? null, ip: clientIp(req.headers) });
  if (!result.ok) {
    if (result.reason === "rate_limited") return rateLimitedResponse(result);
    if (result.reason === "error")
      return Response.json(
        {
          message: result.message,
          ...(result.token ? { token: result.token, orderUrl: `${env.APP_URL}${orderPagePath(result.token)}` } : {}),
        },
        { status: 500 },
      );
    const { reason: _refused, ...refusal } = result;
    return Response.json(refusal, { status: 422 });
  }
  return Response.json(
    {
      ok: true,
      token: result.token,
      orderUrl: `${env.APP_URL}/orders/${result.token}`,
      paymentStatus: result.paymentStatus,
      ...(result.paymentStatus === "requires_redirect" ? { redirectUrl: result.redirectUrl } : {}),
    },
    { status: 201 },
  );
});
