// GET /api/orders/[token]/events — the shopper's live order status as server-sent events (never codes)
import { AppError, toResponse } from "@/lib/errors";
import { eventStreamHeaders, watchAsEventStream } from "@/lib/live/watch-stream";
import { getOrderViewByToken } from "@/lib/orders/order-view";

export const dynamic = "force-dynamic";

export async function GET(req: Request, ctx: { params: Promise<{ token: string }> }) {
  try {
    const { token } = await ctx.params;
    // An unknown token is a 404 before any stream starts (EventSource then stops for good).
    if (!(await getOrderViewByToken(token))) throw new AppError("not_found");
    const body = watchAsEventStream({
      load: () => getOrderViewByToken(token),
      isFinal: (view) => !view.pending,
      signal: req.signal,
    });
    return new Response(body, { headers: eventStreamHeaders });
  } catch (err) {
    return toResponse(err);
  }
}
