// DELETE /api/account/topup-accounts/<id> — the signed-in shopper forgets one saved top-up account.
import { z } from "zod";
import { getSessionUser } from "@/lib/auth/guards";
import { AppError, toResponse } from "@/lib/errors";
import { forgetSavedTopupAccount } from "@/lib/topup/saved-accounts";

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+$/);

export async function DELETE(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const user = await getSessionUser();
    if (!user) throw new AppError("unauthorized");
    const id = idSchema.parse((await params).id);
    if (!(await forgetSavedTopupAccount(user.id, id))) throw new AppError("not_found");
    return Response.json({ ok: true }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (err) {
    return toResponse(err);
  }
}
