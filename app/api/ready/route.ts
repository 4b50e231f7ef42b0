// GET /api/ready — readiness for a load balancer: 200 only when this instance can serve a
// shopper (the database answers and the catalog has been synced at least once); 503 otherwise,
// so the proxy keeps traffic away while an instance starts or loses its database.
// Liveness is /api/health, which stays 200 as long as the database answers.
import { handleRoute } from "@/lib/http/route";
import { db } from "@/lib/db";

export const GET = handleRoute(async () => {
  try {
    const listed = await db.product.findFirst({ where: { listed: true }, select: { id: true } });
    if (!listed) return Response.json({ ready: false, reason: "catalog not synced yet" }, { status: 503 });
    return Response.json({ ready: true });
  } catch {
    return Response.json({ ready: false, reason: "database unreachable" }, { status: 503 });
  }
});
