// GET /api/health — liveness and readiness: the database answers and the catalog has been synced.
import { handleRoute } from "@/lib/http/route";
import { db } from "@/lib/db";

export const GET = handleRoute(async () => {
  try {
    const products = await db.product.count({ where: { listed: true } });
    return Response.json({ ok: true, database: "up", catalogReady: products > 0 });
  } catch {
    return Response.json({ ok: false, database: "down" }, { status: 503 });
  }
});
