// POST /api/checkout/quote — the live quote checkout shows before payment: { items, promoCode?,
// market? } → { currency, market, subtotal, total, promo, problems, proof, lines } in the market's
// currency (+ promoProblem when the code cannot be used); 422 when the market cannot sell now. Its total is the `expectedTotal` /api/checkout wants with the same promoCode,
// and its proof the `quoteProof` that lets a checkout within 2 minutes skip checking again.
// 422 with field errors for malformed items or a product the shop does not sell.
import { clientIp } from "@/lib/http/client-ip";
import { handleJson } from "@/lib/http/route";
import { quoteRequestSchema } from "@/lib/orders/cart/checkout-schema";
import { quoteForClient } from "@/lib/orders/quote/client-quote";
import { quoteWithPromoForClient } from "@/lib/orders/quote/client-promo-quote";
import { toQuoteView } from "@/lib/orders/quote/quote";
import { rateLimitedResponse } from "@/lib/rate-limit/client-limits";

export const POST = handleJson(quoteRequestSchema, async ({ items, promoCode, market }, req) => {
  const ip = clientIp(req.headers);
  const result = promoCode
    ? await quoteWithPromoForClient(items, promoCode, ip, { market })
    : await quoteForClient(items, ip, { market });
  if (!result.ok) return rateLimitedResponse(result);
  return Response.json({
    ok: true,
    ...toQuoteView(result.quote),
    ...("promoProblem" in result ? { promoProblem: result.promoProblem } : {}),
  });
});
