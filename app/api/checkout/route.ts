// POST /api/checkout — the checkout form's action as JSON, for scripted clients and load tests:
// the same placeOrder (strict input, live quote, payment), the same purchase after the
// response. Body: { email, items: [{ itemCode, quantity, fields? }], card?, expectedTotal }.
// 201 { token, orderUrl, paymentStatus, redirectUrl? }; 422 { message, fieldErrors?, quote? }.
import { after } from "next/server";
import { getSessionUser } from "@/lib/auth/guards";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";
import { placeOrder } from "@/lib/orders/place-order";
import { fulfilPaidOrder } from "@/lib/orders/reconcile";
import { consumeClientLimit, rateLimitedResponse } from "@/lib/rate-limit/client-limits";
import { readJsonBody } from "@/lib/http/read-body";
import { log } from "@/lib/log";

export const dynamic = "force-dynamic";

export async function POST(req: Request) {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  try {
    const limit = await consumeClientLimit("checkout", clientIp(req.headers));
    if (!limit.ok) return rateLimitedResponse(limit);
    const result = await placeOrder(body.value, {
      userId: (await getSessionUser())?.id ?? null,
      client: { ip: clientIp(req.headers) },
    });
    if (!result.ok) return Response.json(result, { status: 422 });
    const orderId = result.orderId;
    after(() =>
      fulfilPaidOrder(orderId).catch(() =>
        log.warn({ orderId }, "checkout api: immediate fulfilment failed; the reconciler will retry"),
      ),
    );
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
  } catch (err) {
    log.error({ err }, "checkout api: placeOrder failed");
    return Response.json(
      { ok: false, message: "Something went wrong. You were not charged twice; please try again." },
      { status: 500 },
    );
  }
}
