// GET /admin/sync/progress — the running catalog sync's progress, polled by the sync page.
import { requireStaff } from "@/lib/auth/guards";
import { getSyncProgress } from "@/lib/admin/catalog/sync-runs";
import { handleRoute } from "@/lib/http/route";

export const GET = handleRoute(async () => {
  await requireStaff();
  return Response.json(await getSyncProgress(), { headers: { "cache-control": "no-store" } });
});
