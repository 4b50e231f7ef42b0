import "server-only";
// Order rows and their wire shapes: purchase response (amount string), detail and list (amount number).
import crypto from "node:crypto";
import { encryptCode } from "@/lib/upstream/wire-crypto";
import type { Ctx } from "./context";
import { centsToNumber, formatCents } from "./money";

export type OrderStatus = "pending" | "completed" | "failed";

export type OrderRow = {
  order_id: number;
  order_no: string;
  item_code: string;
  quantity: number;
  unit_cents: number;
  amount_cents: number;
  currency: string;
  face_value: number;
  denomination_unit: string;
  is_top_up: number;
  code_format: string;
  status: OrderStatus;
  outcome: "complete" | "fail";
  debited: number;
  idempotency_key: string | null;
  codes: string;
  created_at_ms: number;
  settle_at_ms: number | null;
  settled_at_ms: number | null;
  /** Short delivery that heals on read: the codes held back (JSON array), else null. */
  withheld_codes: string | null;
  /** 1 once a short answer of a healing order was served. */
  short_served: number;
};

/** Reads an order row (any status). */
export function getOrder(ctx: Ctx, orderId: number): OrderRow | undefined {
  return ctx.db.prepare("SELECT * FROM orders WHERE order_id = ?").get(orderId) as OrderRow | undefined;
}

/** ISO 8601 with an explicit offset, as the spec's order timestamps. */
export function isoWithOffset(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

const alnum = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A fresh redeemable code in the product's code_format (random, so unique in practice). */
export function generateCode(format: string): string {
  const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(10)).join("");
  if (format === "numeric") return digits(16);
  if (format === "pin") return `PIN-${digits(12)}`;
  const group = () => Array.from({ length: 4 }, () => alnum[crypto.randomInt(alnum.length)]).join("");
  return [group(), group(), group(), group()].join("-");
}

function wireCodes(ctx: Ctx, o: OrderRow): string[] {
  const codes = o.status === "completed" ? (JSON.parse(o.codes) as string[]) : [];
  const s = ctx.settings();
  if (!s.codeEncryption || !s.publicKeyPem) return codes;
  return codes.map((c) => encryptCode(c, s.publicKeyPem!));
}

function topUpPart(o: OrderRow): Record<string, unknown> {
  return { quantity: o.quantity, delivery: { mode: "direct_top_up", status: o.status } };
}

/** `data` of POST /orders (spec 2.6/2.7): amount as a string. */
export function toPurchaseData(ctx: Ctx, o: OrderRow): Record<string, unknown> {
  const base = {
    order_id: o.order_id,
    order_no: o.order_no,
    status: o.status,
    state: o.status,
    amount: formatCents(o.amount_cents),
  };
  if (o.is_top_up) return { ...base, codes: [], ...topUpPart(o) };
  return {
    ...base,
    type: "bulk",
    brand: o.item_code,
    denomination_unit: o.denomination_unit,
    total_denomination: o.face_value * o.quantity,
    created_at: isoWithOffset(o.created_at_ms),
    codes: wireCodes(ctx, o).map((code) => ({
      code,
      item_code: o.item_code,
      denomination: String(o.face_value),
      currency: o.currency,
      charged_amount: formatCents(o.unit_cents),
      denomination_unit: o.denomination_unit,
    })),
  };
}

/** `data` of GET /orders/{id}: amount as a number. */
export function toDetailData(ctx: Ctx, o: OrderRow): Record<string, unknown> {
  const data: Record<string, unknown> = {
    order_id: o.order_id,
    order_no: o.order_no,
    status: o.status,
    state: o.status,
    amount: centsToNumber(o.amount_cents),
    item_code: o.item_code,
    quantity: o.quantity,
    created_at: isoWithOffset(o.created_at_ms),
    codes: o.is_top_up
      ? []
      : wireCodes(ctx, o).map((code) => ({ code, item_code: o.item_code, denomination: String(o.face_value) })),
  };
  return o.is_top_up ? { ...data, ...topUpPart(o) } : data;
}

/** One element of GET /orders `data.orders` (spec 2.9 plus item_code, quantity, created_at). */
export function toListItem(o: OrderRow): Record<string, unknown> {
  return {
    order_id: o.order_id,
    order_no: o.order_no,
    status: o.status,
    amount: centsToNumber(o.amount_cents),
    item_code: o.item_code,
    quantity: o.quantity,
    created_at: isoWithOffset(o.created_at_ms),
  };
}
