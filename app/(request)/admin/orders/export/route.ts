// GET /admin/orders/export — the filtered orders list as CSV (staff with orders.read; audited)
import { recordAudit } from "@/lib/audit/record";
import { requirePermission } from "@/lib/auth/guards";
import { filtersToParams, parseOrderFilters } from "@/lib/admin/orders/filters";
import { streamOrdersCsv } from "@/lib/admin/orders/csv";
import { handleRoute } from "@/lib/http/route";

export const GET = handleRoute(async (request) => {
  const actor = await requirePermission("orders.read");
  const filters = parseOrderFilters(Object.fromEntries(new URL(request.url).searchParams));
  await recordAudit({ actor, action: "orders.export", targetType: "orders", after: filtersToParams(filters) });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(streamOrdersCsv(filters), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="orders-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
});
