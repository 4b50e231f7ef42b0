import "server-only";
// POST /orders (spec 4.8 and part 3): validation, idempotency rules 1–5, stock, wallet, order creation.
import { errorState, purchaseFailureState } from "@/lib/upstream/contract";
import type { Ctx } from "./context";
import { fail, ok, SandboxReply } from "./http";
import { completionCodes, markShortServed } from "./delivery";
import { takeCountedFault } from "./faults";
import { getOrder, toPurchaseData, type OrderRow } from "./order-view";
import { raisePriceBeforePurchase } from "./price-rise";
import { getProduct, isTopUp, parseExtra, type ProductRow } from "./product-row";
import { checkTopUpFields, normaliseFields } from "./topup-fields";
import { purchaseBodySchema, parseOr422 } from "./validation";
import { enqueueWebhook } from "./webhooks";

/** Finds a listed product or throws the 404 row. */
export function requireListedProduct(ctx: Ctx, itemCode: string): ProductRow {
  const p = getProduct(ctx.db, itemCode);
  if (!p || !p.listed) throw fail(404, "Product not found.", errorState.notFound);
  return p;
}

/** Quantity outside 1..100 or the SKU's min/max → 400 invalid_quantity. */
export function checkQuantity(p: ProductRow, quantity: number): void {
  if (quantity < Math.max(1, p.min_quantity) || quantity > Math.min(100, p.max_quantity)) {
    throw fail(
      400,
      `Quantity must be between ${p.min_quantity} and ${Math.min(100, p.max_quantity)}.`,
      purchaseFailureState.invalidQuantity,
      {
        min_quantity: p.min_quantity,
        max_quantity: p.max_quantity,
        requested: quantity,
      },
    );
  }
}

function replay(ctx: Ctx, scope: string, existing: { scope: string; order_id: number }): SandboxReply {
  const order = getOrder(ctx, existing.order_id)!;
  const ids = { order_id: order.order_id, order_no: order.order_no };
  if (existing.scope !== scope) {
    throw fail(409, "Idempotency key was already used with a different request.", errorState.idempotencyConflict, ids);
  }
  if (order.status === "pending")
    throw fail(409, "The original order is still processing.", errorState.idempotencyConflict, ids);
  if (order.status === "failed") {
    throw fail(
      400,
      "This idempotency key belongs to a failed purchase; use a new key.",
      purchaseFailureState.failedReplay,
      ids,
    );
  }
  markShortServed(ctx, order.order_id);
  return ok("Order completed successfully.", toPurchaseData(ctx, order));
}

function insertOrder(
  ctx: Ctx,
  p: ProductRow,
  quantity: number,
  key: { key: string; scope: string } | null,
  status: OrderRow["status"],
  outcome: OrderRow["outcome"],
): OrderRow {
  const now = ctx.now();
  const pending = status === "pending";
  const info = ctx.db
    .prepare(
      `INSERT INTO orders (order_no, item_code, quantity, unit_cents, amount_cents, currency, face_value, denomination_unit,
        is_top_up, code_format, status, outcome, debited, idempotency_key, codes, created_at_ms, settle_at_ms, settled_at_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      `tmp-${now}-${Math.random()}`,
      p.item_code,
      quantity,
      p.charged_cents,
      p.charged_cents * quantity,
      p.currency,
      p.face_value,
      parseExtra(p).denomination_unit,
      isTopUp(p) ? 1 : 0,
      parseExtra(p).code_format,
      status,
      outcome,
      status === "failed" ? 0 : 1,
      key?.key ?? null,
      "[]",
      now,
      pending ? now + ctx.settings().settleMs : null,
      pending ? null : now,
    );
  const id = Number(info.lastInsertRowid);
  const orderNo = `ORD-${new Date(now).getUTCFullYear()}-${String(id).padStart(6, "0")}`;
  // Completed inside the call: this answer is the (possibly short) one the shop sees first.
  const { codes, withheld } =
    status === "completed"
      ? completionCodes(ctx, { is_top_up: isTopUp(p) ? 1 : 0, quantity, code_format: parseExtra(p).code_format })
      : { codes: "[]", withheld: null };
  ctx.db
    .prepare("UPDATE orders SET order_no = ?, codes = ?, withheld_codes = ?, short_served = ? WHERE order_id = ?")
    .run(orderNo, codes, withheld, withheld === null ? 0 : 1, id);
  if (key)
    ctx.db
      .prepare("INSERT INTO idempotency_keys (key, scope, order_id, created_at_ms) VALUES (?, ?, ?, ?)")
      .run(key.key, key.scope, id, now);
  return getOrder(ctx, id)!;
}

/** Runs one purchase atomically; returns the reply (errors are thrown as SandboxReply). */
export function purchaseOrder(ctx: Ctx, rawBody: Record<string, unknown>, key: string | null): SandboxReply {
  const body = parseOr422(purchaseBodySchema, rawBody);
  if (key !== null && (key.length === 0 || key.length > 255)) {
    throw fail(422, "Idempotency key must be 1 to 255 characters.", errorState.validationError, {
      field: "Idempotency-Key",
    });
  }
  const itemCode = (body.item_code ?? body.item_id)!;
  const quantity = body.quantity ?? 1;
  const scope = JSON.stringify([itemCode, quantity, normaliseFields(body.fields)]);
  raisePriceBeforePurchase(ctx, itemCode, key);
  return ctx.db
    .transaction(() => {
      if (key !== null) {
        const existing = ctx.db.prepare("SELECT scope, order_id FROM idempotency_keys WHERE key = ?").get(key) as
          { scope: string; order_id: number } | undefined;
        // Validate-before-key fault: a stock check answered before the key is looked up (returned, so the take commits).
        if (existing && takeCountedFault(ctx, "outOfStockOnReplayNext")) {
          return fail(400, "Not enough stock for this quantity.", purchaseFailureState.outOfStock, {
            available_quantity: 0,
            requested: quantity,
          });
        }
        if (existing) return replay(ctx, scope, existing);
      }
      const p = requireListedProduct(ctx, itemCode);
      if (p.behavior === "unsupported")
        throw fail(501, "This product is not yet available for API purchase.", errorState.notSupported);
      checkQuantity(p, quantity);
      if (isTopUp(p)) checkTopUpFields(parseExtra(p).required_fields, body.fields);
      if (p.stock < quantity) {
        throw fail(400, "Not enough stock for this quantity.", purchaseFailureState.outOfStock, {
          available_quantity: p.stock,
          requested: quantity,
        });
      }
      const amount = p.charged_cents * quantity;
      const wallet = ctx.db.prepare("SELECT balance_cents FROM wallet WHERE id = 1").get() as { balance_cents: number };
      if (wallet.balance_cents < amount)
        throw fail(402, "Insufficient wallet balance.", errorState.insufficientBalance);
      const status = p.behavior === "fail" ? "failed" : p.behavior.startsWith("pending") ? "pending" : "completed";
      const order = insertOrder(
        ctx,
        p,
        quantity,
        key === null ? null : { key, scope },
        status,
        p.behavior === "pending_fail" ? "fail" : "complete",
      );
      if (status === "failed") {
        enqueueWebhook(ctx, "order.failed", order);
        // Returned, not thrown: the failed order and its key must survive the transaction.
        return fail(400, "The order could not be fulfilled.", purchaseFailureState.failed, {
          order_id: order.order_id,
          order_no: order.order_no,
          status: "failed",
        });
      }
      ctx.db.prepare("UPDATE wallet SET balance_cents = balance_cents - ? WHERE id = 1").run(amount);
      ctx.db.prepare("UPDATE products SET stock = stock - ? WHERE item_code = ?").run(quantity, p.item_code);
      enqueueWebhook(ctx, "order.created", order);
      if (status === "completed") enqueueWebhook(ctx, "order.completed", order);
      const message = status === "pending" ? "Order is being processed." : "Order completed successfully.";
      return ok(message, toPurchaseData(ctx, order));
    })
    .immediate();
}
