// GET /api/orders/[token] — the shopper's live order status (polled every second); never codes.
import { toResponse, AppError } from "@/lib/errors";
import { getOrderViewByToken } from "@/lib/orders/order-view";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, ctx: { params: Promise<{ token: string }> }) {
  try {
    const { token } = await ctx.params;
    const view = await getOrderViewByToken(token);
    if (!view) throw new AppError("not_found");
    return Response.json(view, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  } catch (err) {
    return toResponse(err);
  }
}
