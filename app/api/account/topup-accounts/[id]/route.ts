// DELETE /api/account/topup-accounts/<id> — the signed-in shopper forgets one saved top-up account.
import { z } from "zod";
import { requireSignedIn } from "@/lib/auth/guards";
import { AppError } from "@/lib/errors";
import { handleRoute } from "@/lib/http/route";
import { forgetSavedTopupAccount } from "@/lib/topup/saved-accounts";

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+$/);

export const DELETE = handleRoute(async (_req, { params }: { params: Promise<{ id: string }> }) => {
  const user = await requireSignedIn();
  const id = idSchema.parse((await params).id);
  if (!(await forgetSavedTopupAccount(user.id, id))) throw new AppError("not_found");
  return Response.json({ ok: true }, { headers: { "Cache-Control": "private, no-store" } });
});
