// The typed upstream client: one method per endpoint (docs/upstream-contract.md#4-endpoints). No retries here:
// callers decide (fulfilment retries with the same idempotency key, a sync re-reads a page).
import "server-only";
import type { Budget } from "./budget";
import { orderListDefaults } from "./contract";
import { UpstreamProtocolError } from "./errors";
import { sendRequest, type CallEvent, type RequestConfig, type RequestSpec } from "./request";
import * as schemas from "./schemas";
import type * as T from "./types";
import { decryptCode, isEncryptedCode, signChallenge } from "./wire-crypto";

export type UpstreamClientOptions = {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  budget?: Budget | null;
  timeoutMs?: number;
  purchaseTimeoutMs?: number;
  /** PEM; when set every call is signed with a fresh challenge (docs/upstream-contract.md#54-request-signing). */
  signingPrivateKey?: string;
  /**
   * PEM; decrypts wrapped `data` and encrypted codes (docs/upstream-contract.md#55-response-encryption,
   * docs/upstream-contract.md#56-code-encryption).
   */
  decryptionPrivateKey?: string;
  now?: () => number;
  /** Observer for call timelines: method, path, status, duration, error class. No bodies. */
  onCall?: (event: CallEvent) => void;
};

export class UpstreamClient {
  private readonly cfg: RequestConfig;
  private readonly timeoutMs: number;
  private readonly purchaseTimeoutMs: number;
  private readonly signingPrivateKey?: string;

  constructor(opts: UpstreamClientOptions) {
    if (!opts.baseUrl) throw new Error("UpstreamClient: baseUrl is required");
    if (!opts.apiKey) throw new Error("UpstreamClient: apiKey is required");
    this.cfg = {
      baseUrl: opts.baseUrl,
      apiKey: opts.apiKey,
      fetch: opts.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      budget: opts.budget ?? null,
      decryptionPrivateKey: opts.decryptionPrivateKey,
      now: opts.now ?? Date.now,
      onCall: opts.onCall,
    };
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.purchaseTimeoutMs = opts.purchaseTimeoutMs ?? 120_000;
    this.signingPrivateKey = opts.signingPrivateKey;
  }

  /** GET / — API version and resource links. */
  info(o: T.CallOpts = {}): Promise<T.ApiInfo> {
    return this.call({ method: "GET", path: "/", schema: schemas.apiInfoSchema }, o, "check");
  }

  /** GET /challenge — one-time challenge for signed calls; it costs budget. Never signed itself. */
  challenge(o: T.CallOpts = {}): Promise<T.Challenge> {
    return sendRequest(this.cfg, {
      method: "GET",
      path: "/challenge",
      schema: schemas.challengeSchema,
      priority: o.priority ?? "check",
      signal: o.signal,
      waitForBudget: o.waitForBudget,
      timeoutMs: this.timeoutMs,
    });
  }

  /** GET /balance — the prepaid wallet (decimal string). */
  balance(o: T.CallOpts = {}): Promise<T.Balance> {
    return this.call({ method: "GET", path: "/balance", schema: schemas.balanceSchema }, o, "check");
  }

  /** GET /catalog or /catalog/{category} — one page; sync code pages and dedupes `removed`. */
  catalog(q: T.CatalogQuery = {}, o: T.CallOpts & { category?: string } = {}): Promise<T.CatalogPage> {
    const path = o.category === undefined ? "/catalog" : `/catalog/${encodeURIComponent(o.category)}`;
    const query = {
      page: q.page,
      per_page: q.perPage,
      sort_by: q.sortBy,
      order: q.order,
      item_id: q.itemId,
      product_type: q.productType,
      include_test: q.includeTest,
      brand: q.brand,
      q: q.q,
      region: q.region,
      currency: q.currency,
      delivery_type: q.deliveryType,
      value_min: q.valueMin,
      value_max: q.valueMax,
      country_code: q.countryCode,
      updated_since: q.updatedSince,
    };
    return this.call({ method: "GET", path, query, schema: schemas.catalogPageSchema }, o, "catalog");
  }

  /** POST /orders/check — live stock and the authoritative per-unit price for a quantity. */
  check(input: { itemCode: string; quantity: number }, o: T.CallOpts = {}): Promise<T.StockCheck> {
    const body = { item_id: input.itemCode, quantity: input.quantity };
    return this.call({ method: "POST", path: "/orders/check", body, schema: schemas.stockCheckSchema }, o, "check");
  }

  /** POST /orders/validate-fields — top-up account check before the shopper pays. */
  validateFields(
    input: { itemCode: string; fields: Record<string, string> },
    o: T.CallOpts = {},
  ): Promise<T.FieldValidation> {
    const body = { item_code: input.itemCode, fields: input.fields };
    return this.call(
      { method: "POST", path: "/orders/validate-fields", body, schema: schemas.fieldValidationSchema },
      o,
      "check",
    );
  }

  /** POST /orders — buys with a stable idempotency key; pending is a success (docs/upstream-contract.md#48-purchase). */
  async purchase(input: T.PurchaseInput, o: T.PurchaseOpts): Promise<T.UpstreamOrder> {
    if (!o.idempotencyKey) throw new Error("purchase: idempotencyKey is required");
    const body: Record<string, unknown> = { item_code: input.itemCode, quantity: input.quantity };
    if (input.fields !== undefined) body.fields = input.fields;
    if (input.email !== undefined) body.email = input.email;
    const order = await this.call(
      {
        method: "POST",
        path: "/orders",
        body,
        headers: { "Idempotency-Key": o.idempotencyKey },
        schema: schemas.orderSchema,
      },
      o,
      "purchase",
      this.purchaseTimeoutMs,
    );
    return this.decryptCodes(order);
  }

  /** GET /orders/{id} — the order with its codes once completed. */
  async getOrder(orderId: number, o: T.CallOpts = {}): Promise<T.UpstreamOrder> {
    if (!Number.isSafeInteger(orderId) || orderId < 0)
      throw new Error("getOrder: orderId must be a non-negative integer");
    const order = await this.call(
      { method: "GET", path: `/orders/${orderId}`, schema: schemas.orderSchema },
      o,
      "purchase",
    );
    return this.decryptCodes(order);
  }

  /** GET /orders — the account's orders, for reconciliation. */
  listOrders(q: T.OrderListQuery = {}, o: T.CallOpts = {}): Promise<T.OrderList> {
    const query = {
      [orderListDefaults.pageParam]: q.page,
      per_page: q.perPage,
      status: q.status,
      sort_by: q.sortBy,
      order: q.order,
    };
    return this.call({ method: "GET", path: "/orders", query, schema: schemas.orderListSchema }, o, "purchase");
  }

  private async call<R>(
    spec: Pick<RequestSpec<R>, "method" | "path" | "query" | "body" | "headers" | "schema">,
    o: T.CallOpts,
    defaultPriority: T.Priority,
    timeoutMs = this.timeoutMs,
  ): Promise<R> {
    const priority = o.priority ?? defaultPriority;
    const headers = { ...spec.headers };
    if (this.signingPrivateKey) {
      const { challenge } = await this.challenge({ priority, signal: o.signal, waitForBudget: o.waitForBudget });
      headers["X-API-Challenge"] = challenge;
      headers["X-API-Signature"] = signChallenge(challenge, this.signingPrivateKey);
    }
    return sendRequest(this.cfg, {
      ...spec,
      headers,
      priority,
      signal: o.signal,
      waitForBudget: o.waitForBudget,
      timeoutMs,
    });
  }

  private decryptCodes(order: T.UpstreamOrder): T.UpstreamOrder {
    if (!order.codes.some((c) => isEncryptedCode(c.code))) return order;
    const key = this.cfg.decryptionPrivateKey;
    if (!key)
      throw new UpstreamProtocolError({
        status: 200,
        message: "encrypted codes but no decryption key configured",
        orderId: order.orderId,
      });
    try {
      return {
        ...order,
        codes: order.codes.map((c) => (isEncryptedCode(c.code) ? { ...c, code: decryptCode(c.code, key) } : c)),
      };
    } catch (cause) {
      throw new UpstreamProtocolError({
        status: 200,
        message: "encrypted code could not be decrypted",
        orderId: order.orderId,
        cause,
      });
    }
  }
}
