// GET /api/orders/[token]/events — the shopper's live order status as server-sent events (never codes)
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";
import { handleRoute } from "@/lib/http/route";
import { feedTiming, orderFeed } from "@/lib/live/order-feed";
import { claimStreamSlot, streamCaps } from "@/lib/live/stream-caps";
import { eventStreamHeaders, watchAsEventStream } from "@/lib/live/watch-stream";
import { getOrderViewByToken, type OrderView } from "@/lib/orders/view/order-view";
import { rateLimitedResponse } from "@/lib/rate-limit/client-limits";

export const GET = handleRoute(async (req, ctx: { params: Promise<{ token: string }> }) => {
  const { token } = await ctx.params;
  // Past a cap the page polls the status API instead (EventSource gives up on a 429).
  const client = clientIp(req.headers);
  const release = claimStreamSlot(client, token, { exempt: getEnv().RATE_LIMIT_EXEMPT.includes(client) });
  if (!release) {
    return rateLimitedResponse({
      ok: false,
      retryAfterS: streamCaps.retryAfterS,
      message: "Too many live status pages are open from your connection.",
    });
  }
  try {
    // An unknown token is a 404 before any stream starts (EventSource then stops for good).
    if (!(await getOrderViewByToken(token))) throw new AppError("not_found");
  } catch (error) {
    release();
    throw error;
  }
  const feed = orderFeed();
  const body = watchAsEventStream<OrderView>({
    subscribe: (listener) => feed.subscribe(token, listener),
    isFinal: (view) => !view.pending,
    signal: req.signal,
    heartbeatMs: feedTiming.heartbeatMs,
    onClose: release,
  });
  return new Response(body, { headers: eventStreamHeaders });
});
