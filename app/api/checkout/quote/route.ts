// POST /api/checkout/quote — the live quote checkout shows before payment: { items } →
// { currency, total, problems, lines }. Its total is the `expectedTotal` /api/checkout wants.
import { quoteRequestSchema } from "@/lib/orders/checkout-schema";
import { QuoteError, quoteItems, toQuoteView } from "@/lib/orders/quote";
import { readJsonBody } from "../read-json";

export const dynamic = "force-dynamic";

export async function POST(req: Request) {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = quoteRequestSchema.safeParse(body.value);
  if (!parsed.success) return Response.json({ ok: false, message: "Please check the items." }, { status: 422 });
  try {
    return Response.json({ ok: true, ...toQuoteView(await quoteItems(parsed.data.items)) });
  } catch (err) {
    if (err instanceof QuoteError) return Response.json({ ok: false, message: err.message }, { status: 422 });
    throw err;
  }
}
