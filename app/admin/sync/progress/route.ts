// GET /admin/sync/progress — the running catalog sync's progress, polled by the sync page.
import { requireStaff } from "@/lib/auth/guards";
import { getSyncProgress } from "@/lib/admin/catalog/sync-runs";
import { toResponse } from "@/lib/errors";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  try {
    await requireStaff();
    return Response.json(await getSyncProgress(), { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return toResponse(error);
  }
}
