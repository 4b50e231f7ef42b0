// GET /api/orders/[token] — the shopper's live order status (polled every second); never codes.
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/http/route";
import { getOrderViewByToken } from "@/lib/orders/view/order-view";

export const GET = handleRoute(async (_req, ctx: { params: Promise<{ token: string }> }) => {
  const { token } = await ctx.params;
  const view = await getOrderViewByToken(token);
  if (!view) throw new AppError("not_found");
  return Response.json(view, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
});
