// POST /api/orders/[token]/reveal — returns the order's codes to the link holder; audited.
import { z } from "zod";
import { AppError, toResponse } from "@/lib/errors";
import { readJsonBody } from "@/lib/http/read-body";
import { revealCodes } from "@/lib/orders/reveal-codes";

export const dynamic = "force-dynamic";

const revealSchema = z.object({ lineId: z.string().max(40).optional() }).strict();

export async function POST(req: Request, ctx: { params: Promise<{ token: string }> }) {
  // An empty body reveals every line; a body must be JSON (a cross-site form cannot send it).
  const body = await readJsonBody(req, { optional: true, limit: 1024 });
  if (!body.ok) return body.response;
  try {
    const { token } = await ctx.params;
    const input = revealSchema.parse(body.value);
    const lines = await revealCodes(token, input.lineId);
    if (lines === null) throw new AppError("not_found");
    return Response.json({ lines }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    return toResponse(err);
  }
}
