import "server-only";
// The read-only and check endpoints: GET /, /balance, POST /orders/check, /orders/validate-fields,
// GET /orders/{id}, GET /orders.
import { errorState, purchaseFailureState } from "@/lib/upstream/contract";
import type { Ctx } from "./context";
import { fail, ok, type SandboxReply } from "./http";
import { formatCents, centsToNumber } from "./money";
import { readOrderForDetail } from "./delivery";
import { toDetailData, toListItem, type OrderRow } from "./order-view";
import { isTopUp, parseExtra } from "./product-row";
import { checkQuantity, requireListedProduct } from "./purchase";
import { checkTopUpFields, displayNameFor } from "./topup-fields";
import { checkBodySchema, orderListQuerySchema, parseOr422, queryObject, validateFieldsBodySchema } from "./validation";

/** GET / (spec 4.1, 2.13). */
export function getInfo(ctx: Ctx): SandboxReply {
  return ok("API information retrieved successfully.", {
    api_version: "1",
    resources: {
      balance: `${ctx.baseUrl}/balance`,
      products: `${ctx.baseUrl}/catalog`,
      purchase: `${ctx.baseUrl}/orders`,
      orders: `${ctx.baseUrl}/orders`,
    },
    documentation: {
      href: "https://docs.sandbox.test/v1",
      description: "Sandbox upstream: simulates the fulfilment API v1.",
    },
    contact: { email: "support@sandbox.test", description: "The sandbox has no support desk; see the README." },
  });
}

/** GET /balance (spec 4.3, 2.12): balance as a decimal string. */
export function getBalance(ctx: Ctx): SandboxReply {
  const w = ctx.db.prepare("SELECT balance_cents, currency FROM wallet WHERE id = 1").get() as {
    balance_cents: number;
    currency: string;
  };
  return ok("Balance retrieved successfully.", {
    balance: formatCents(w.balance_cents),
    currency: w.currency,
    state: "success",
  });
}

/** POST /orders/check (spec 4.6, 2.10). */
export function checkStock(ctx: Ctx, raw: Record<string, unknown>): SandboxReply {
  const body = parseOr422(checkBodySchema, raw);
  const quantity = body.quantity ?? 1;
  const p = requireListedProduct(ctx, (body.item_id ?? body.item_code)!);
  checkQuantity(p, quantity);
  if (p.stock < quantity) {
    throw fail(404, "Not enough stock for this quantity.", purchaseFailureState.outOfStock, {
      available_quantity: p.stock,
      requested: quantity,
      status: false,
    });
  }
  return ok("Stock is available.", {
    min_quantity: p.min_quantity,
    max_quantity: Math.min(100, p.max_quantity),
    available_quantity: isTopUp(p) ? null : p.stock,
    quantity_contract_version: 1,
    price: centsToNumber(p.charged_cents),
    state: "in_stock",
    status: true,
    message: "In stock",
    requested: quantity,
  });
}

/** POST /orders/validate-fields (spec 4.7, 2.11); fields are never echoed. */
export function validateFields(ctx: Ctx, raw: Record<string, unknown>): SandboxReply {
  const body = parseOr422(validateFieldsBodySchema, raw);
  const p = requireListedProduct(ctx, (body.item_code ?? body.item_id)!);
  if (!isTopUp(p)) throw fail(422, "This product does not take buyer fields.", errorState.validationError);
  const required = parseExtra(p).required_fields;
  const fields = checkTopUpFields(required, body.fields);
  return ok("Fields are valid.", { valid: true, display_name: displayNameFor(required, fields) });
}

/** GET /orders/{id} (spec 4.9): 404 for unknown or non-numeric ids. */
export function getOrderDetail(ctx: Ctx, idSegment: string): SandboxReply {
  const id = /^\d{1,15}$/.test(idSegment) ? Number(idSegment) : NaN;
  const order = Number.isSafeInteger(id) ? readOrderForDetail(ctx, id) : undefined;
  if (!order) throw fail(404, "Order not found.", errorState.notFound);
  return ok("Order retrieved successfully.", toDetailData(ctx, order));
}

const listSort = { created_at: "created_at_ms", amount: "amount_cents", status: "status" } as const;

/** GET /orders (spec 4.10); page/defaults per contract.orderListDefaults. */
export function listOrders(ctx: Ctx, url: URL): SandboxReply {
  const q = parseOr422(orderListQuerySchema, queryObject(url));
  const where = q.status ? "WHERE status = ?" : "";
  const params = q.status ? [q.status] : [];
  const total = (ctx.db.prepare(`SELECT COUNT(*) AS n FROM orders ${where}`).get(...params) as { n: number }).n;
  const rows = ctx.db
    .prepare(
      `SELECT * FROM orders ${where} ORDER BY ${listSort[q.sort_by]} ${q.order === "asc" ? "ASC" : "DESC"}, order_id ${q.order === "asc" ? "ASC" : "DESC"} LIMIT ? OFFSET ?`,
    )
    .all(...params, q.per_page, (q.page - 1) * q.per_page) as OrderRow[];
  return ok("Orders retrieved successfully.", {
    orders: rows.map(toListItem),
    pagination: {
      total,
      per_page: q.per_page,
      current_page: q.page,
      last_page: Math.max(1, Math.ceil(total / q.per_page)),
    },
    state: "success",
  });
}
