// POST /api/orders/[token]/reveal — returns the order's codes to the link holder; audited.
import { z } from "zod";
import { AppError, toResponse } from "@/lib/errors";
import { revealCodes } from "@/lib/orders/reveal-codes";

export const dynamic = "force-dynamic";

const revealSchema = z.object({ lineId: z.string().max(40).optional() }).strict();

export async function POST(req: Request, ctx: { params: Promise<{ token: string }> }) {
  try {
    const { token } = await ctx.params;
    const text = await req.text();
    const input = revealSchema.parse(text ? JSON.parse(text) : {});
    const lines = await revealCodes(token, input.lineId);
    if (lines === null) throw new AppError("not_found");
    return Response.json({ lines }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    if (err instanceof SyntaxError) return toResponse(new AppError("bad_request"));
    return toResponse(err);
  }
}
