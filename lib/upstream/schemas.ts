// Output schemas, one per endpoint: they accept the documented variations (amount as string
// or number, nullable or omitted optional fields, extra fields) and emit the camelCase types.
import { z } from "zod";
import { challengeField } from "./contract";
import { decimal, int, nullableString, orderStatus, pageNumbers, text } from "./schema-primitives";
import type { ApiInfo, StockCheck, UpstreamOrder } from "./types";

export { catalogPageSchema, productSchema, requiredFieldSchema } from "./catalog-schemas";
export { toDecimalString } from "./schema-primitives";

export const apiInfoSchema = z
  .object({
    api_version: z.union([z.string(), z.number()]).transform(String),
    resources: z.record(z.string(), z.string()).nullish(),
    documentation: z.object({ href: z.string(), description: text }).nullish(),
    contact: z.object({ email: z.string(), description: text }).nullish(),
  })
  .transform((d): ApiInfo => ({
    apiVersion: d.api_version,
    resources: d.resources ?? {},
    documentation: d.documentation ?? null,
    contact: d.contact ?? null,
  }));

export const challengeSchema = z
  .object({ [challengeField]: z.string().min(1), expires_in: int.nullish() })
  .transform((d) => ({ challenge: d[challengeField] as string, expiresIn: d.expires_in ?? 300 }));

export const balanceSchema = z
  .object({ balance: decimal, currency: z.string() })
  .transform((d) => ({ balance: d.balance, currency: d.currency }));

export const stockCheckSchema = z
  .object({
    min_quantity: int,
    max_quantity: int,
    available_quantity: int.nullish().transform((v) => v ?? null),
    quantity_contract_version: int.nullish().transform((v) => v ?? 1),
    price: decimal,
    state: z.string(),
    status: z.boolean(),
    message: text,
    requested: int,
  })
  .transform((d): StockCheck => ({
    minQuantity: d.min_quantity,
    maxQuantity: d.max_quantity,
    availableQuantity: d.available_quantity,
    quantityContractVersion: d.quantity_contract_version,
    price: d.price,
    state: d.state,
    available: d.status,
    message: d.message,
    requested: d.requested,
  }));

export const fieldValidationSchema = z
  .object({ valid: z.literal(true), display_name: nullableString })
  .transform((d) => ({ valid: true as const, displayName: d.display_name }));

export const codeSchema = z
  .object({
    code: z.string(),
    item_code: z.string(),
    denomination: z.union([z.string(), z.number()]).transform(String),
    currency: z.string().optional(),
    charged_amount: decimal.optional(),
    denomination_unit: z.string().optional(),
  })
  .transform((c) => ({
    code: c.code,
    itemCode: c.item_code,
    denomination: c.denomination,
    ...(c.currency !== undefined && { currency: c.currency }),
    ...(c.charged_amount !== undefined && { chargedAmount: c.charged_amount }),
    ...(c.denomination_unit !== undefined && { denominationUnit: c.denomination_unit }),
  }));

export const orderSchema = z
  .object({
    order_id: int,
    order_no: z.string(),
    status: orderStatus,
    amount: decimal,
    quantity: int.optional(),
    codes: z.array(codeSchema).nullish(),
    delivery: z.object({ mode: z.string(), status: orderStatus }).nullish(),
    created_at: z.string().nullish(),
  })
  .transform((o): UpstreamOrder => {
    const order: UpstreamOrder = {
      orderId: o.order_id,
      orderNo: o.order_no,
      status: o.status,
      amount: o.amount,
      codes: o.codes ?? [],
    };
    if (o.quantity !== undefined) order.quantity = o.quantity;
    if (o.delivery) order.delivery = o.delivery;
    if (o.created_at) order.createdAt = o.created_at;
    return order;
  });

export const orderListSchema = z
  .object({
    orders: z.array(
      z
        // item_code, quantity and created_at are not in the contract's list item; read when sent.
        .object({
          order_id: int,
          order_no: z.string(),
          status: z.string(),
          amount: decimal,
          item_code: z.string().optional(),
          quantity: int.optional(),
          created_at: z.string().optional(),
        })
        .transform((o) => ({
          orderId: o.order_id,
          orderNo: o.order_no,
          status: o.status,
          amount: o.amount,
          itemCode: o.item_code,
          quantity: o.quantity,
          createdAt: o.created_at,
        })),
    ),
    pagination: z.object(pageNumbers),
  })
  .transform((d) => ({
    orders: d.orders,
    pagination: {
      total: d.pagination.total,
      perPage: d.pagination.per_page,
      currentPage: d.pagination.current_page,
      lastPage: d.pagination.last_page,
    },
  }));
