import "server-only";
// GET /catalog and GET /catalog/{category} (spec 4.4, 4.5): filters, sorting, pagination, delta.
import { errorState } from "@/lib/upstream/contract";
import type { Ctx } from "./context";
import { fail, ok, type SandboxReply } from "./http";
import { toProductJson, type ProductRow } from "./product-row";
import { catalogQuerySchema, parseOr422, queryObject, type CatalogQuery } from "./validation";

const sortColumn = { brand: "brand", value: "face_value", category: "category", item_code: "item_code" } as const;

function likeEscape(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
}

function buildWhere(q: CatalogQuery, category: string | undefined): { sql: string; params: unknown[] } {
  const parts = ["listed = 1"];
  const params: unknown[] = [];
  const add = (sql: string, ...p: unknown[]) => {
    parts.push(sql);
    params.push(...p);
  };
  if (!q.include_test) add("product_type <> 'test'");
  if (category !== undefined) add("lower(category) = lower(?)", category);
  const itemId = q.item_id ?? q.item_code;
  if (itemId) add("item_code = ?", itemId);
  if (q.product_type) add("product_type = ?", q.product_type);
  if (q.brand) add("lower(brand) = lower(?)", q.brand);
  if (q.q) {
    const like = likeEscape(q.q);
    add(
      "(product_name LIKE ? ESCAPE '\\' OR brand LIKE ? ESCAPE '\\' OR item_code LIKE ? ESCAPE '\\')",
      like,
      like,
      like,
    );
  }
  if (q.region) add("lower(region) = lower(?)", q.region);
  if (q.currency) add("upper(currency) = upper(?)", q.currency);
  if (q.delivery_type) add("delivery_type = ?", q.delivery_type);
  if (q.value_min !== undefined) add("face_value >= ?", q.value_min);
  if (q.value_max !== undefined) add("face_value <= ?", q.value_max);
  if (q.country_code) add("country_codes LIKE ? ESCAPE '\\'", likeEscape(`|${q.country_code.toUpperCase()}|`));
  if (q.updated_since) add("updated_at_ms >= ?", Date.parse(q.updated_since));
  return { sql: parts.join(" AND "), params };
}

function pageUrl(ctx: Ctx, url: URL, path: string, page: number): string {
  const params = new URLSearchParams(url.searchParams);
  params.set("page", String(page));
  return `${ctx.baseUrl}${path}?${params.toString()}`;
}

/** Lists the catalog; `category` is the decoded path segment of 4.5 (404 when no active product has it). */
export function listCatalog(ctx: Ctx, url: URL, category?: string): SandboxReply {
  const q = parseOr422(catalogQuerySchema, queryObject(url));
  if (category !== undefined) {
    const exists = ctx.db
      .prepare("SELECT 1 FROM products WHERE listed = 1 AND lower(category) = lower(?) LIMIT 1")
      .get(category);
    if (!exists) throw fail(404, "Category not found.", errorState.notFound);
  }
  const where = buildWhere(q, category);
  const total = (
    ctx.db.prepare(`SELECT COUNT(*) AS n FROM products WHERE ${where.sql}`).get(...where.params) as { n: number }
  ).n;
  const lastPage = Math.max(1, Math.ceil(total / q.per_page));
  const dir = q.order === "desc" ? "DESC" : "ASC";
  // Ties break by item_code ascending; sorting by item_code itself needs no tie-break (and
  // repeating the column would stop SQLite from walking the (listed, item_code) index).
  const orderBy = q.sort_by === "item_code" ? `item_code ${dir}` : `${sortColumn[q.sort_by]} ${dir}, item_code ASC`;
  const rows = ctx.db
    .prepare(`SELECT * FROM products WHERE ${where.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`)
    .all(...where.params, q.per_page, (q.page - 1) * q.per_page) as ProductRow[];
  const path = category === undefined ? "/catalog" : `/catalog/${encodeURIComponent(category)}`;
  const data: Record<string, unknown> = {
    products: rows.map((r) => toProductJson(r, ctx.baseUrl)),
    pagination: {
      total,
      per_page: q.per_page,
      current_page: q.page,
      last_page: lastPage,
      next_page_url: q.page < lastPage ? pageUrl(ctx, url, path, q.page + 1) : null,
      prev_page_url: q.page > 1 ? pageUrl(ctx, url, path, Math.min(q.page - 1, lastPage)) : null,
    },
    state: "available",
  };
  if (q.updated_since) {
    const removed = ctx.db
      .prepare(
        "SELECT item_code, updated_at_ms FROM removed_products WHERE updated_at_ms >= ? ORDER BY updated_at_ms, item_code",
      )
      .all(Date.parse(q.updated_since)) as { item_code: string; updated_at_ms: number }[];
    data.removed = removed.map((r) => ({
      item_code: r.item_code,
      updated_at: new Date(r.updated_at_ms).toISOString(),
    }));
  }
  return ok("Catalog retrieved successfully.", data);
}
