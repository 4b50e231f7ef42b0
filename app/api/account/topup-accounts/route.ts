// GET /api/account/topup-accounts?family=<slug> — the signed-in shopper's saved top-up accounts
// for one family (an empty list for guests). Private, never cached; fields are the shopper's own.
import { z } from "zod";
import { getSessionUser } from "@/lib/auth/guards";
import { handleRoute } from "@/lib/http/route";
import { listSavedTopupAccounts } from "@/lib/topup/saved-accounts";

const querySchema = z
  .object({
    family: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[a-z0-9-]+$/),
  })
  .strict();
const privateHeaders = { "Cache-Control": "private, no-store" };

export const GET = handleRoute(async (req) => {
  const { family } = querySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  const user = await getSessionUser();
  const accounts = user ? await listSavedTopupAccounts(user.id, family) : [];
  return Response.json({ ok: true, signedIn: Boolean(user), accounts }, { headers: privateHeaders });
});
