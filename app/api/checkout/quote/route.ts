// POST /api/checkout/quote — the live quote checkout shows before payment: { items, promoCode? }
// → { currency, subtotal, total, promo, problems, lines } (+ promoProblem when the code cannot
// be used). Its total is the `expectedTotal` /api/checkout wants with the same promoCode.
import { clientIp } from "@/lib/http/client-ip";
import { quoteRequestSchema } from "@/lib/orders/checkout-schema";
import { quoteForClient } from "@/lib/orders/client-quote";
import { quoteWithPromoForClient } from "@/lib/orders/client-promo-quote";
import { QuoteError, toQuoteView } from "@/lib/orders/quote";
import { rateLimitedResponse } from "@/lib/rate-limit/client-limits";
import { readJsonBody } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

export async function POST(req: Request) {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = quoteRequestSchema.safeParse(body.value);
  if (!parsed.success) return Response.json({ ok: false, message: "Please check the items." }, { status: 422 });
  try {
    const { items, promoCode } = parsed.data;
    const result = promoCode
      ? await quoteWithPromoForClient(items, promoCode, clientIp(req.headers))
      : await quoteForClient(items, clientIp(req.headers));
    if (!result.ok) return rateLimitedResponse(result);
    return Response.json({
      ok: true,
      ...toQuoteView(result.quote),
      ...("promoProblem" in result ? { promoProblem: result.promoProblem } : {}),
    });
  } catch (err) {
    if (err instanceof QuoteError) return Response.json({ ok: false, message: err.message }, { status: 422 });
    throw err;
  }
}
