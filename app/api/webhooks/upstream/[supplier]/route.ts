// POST /api/webhooks/upstream/<supplier> — one supplier's signed order notifications, verified
// with that supplier's secret, through the one inbox (docs/suppliers.md#webhooks).
import "server-only";
import { z } from "zod";
import { handleRoute } from "@/lib/http/route";
import { supplierNameSchema } from "@/lib/env";
import { receiveWebhook } from "@/lib/webhooks/inbox";
import { withRejectionLimit } from "@/lib/webhooks/rejection-limit";
import { upstreamWebhooksFor } from "@/lib/webhooks/upstream/source";

const paramsSchema = z.object({ supplier: z.union([z.literal("main"), supplierNameSchema]) });

type Context = { params: Promise<{ supplier: string }> };

function notFound(): Response {
  return Response.json({ ok: false }, { status: 404, headers: { "cache-control": "no-store" } });
}

export const POST = handleRoute<Context>(async (request, context) => {
  const params = paramsSchema.safeParse(await context.params);
  const source = params.success ? upstreamWebhooksFor(params.data.supplier) : null;
  if (!source) return notFound();
  return withRejectionLimit(request, (r) => receiveWebhook(source, r));
});
