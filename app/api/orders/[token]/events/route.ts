// GET /api/orders/[token]/events — the shopper's live order status as server-sent events (never codes)
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/http/route";
import { eventStreamHeaders, watchAsEventStream } from "@/lib/live/watch-stream";
import { getOrderViewByToken } from "@/lib/orders/order-view";

export const dynamic = "force-dynamic";

export const GET = handleRoute(async (req, ctx: { params: Promise<{ token: string }> }) => {
  const { token } = await ctx.params;
  // An unknown token is a 404 before any stream starts (EventSource then stops for good).
  if (!(await getOrderViewByToken(token))) throw new AppError("not_found");
  const body = watchAsEventStream({
    load: () => getOrderViewByToken(token),
    isFinal: (view) => !view.pending,
    signal: req.signal,
  });
  return new Response(body, { headers: eventStreamHeaders });
});
