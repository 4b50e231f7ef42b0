// Public types of the sandbox upstream: what the shop, its tests and the control surface code against.

export type SandboxOptions = {
  dbPath: string;
  apiKey: string;
  /** Non-test SKUs to generate; default 300; 50_000 is supported. */
  catalogSize?: number;
  /** Delay before TEST-PENDING / TEST-PENDING-FAIL / TEST-TOPUP-PENDING settle; default 8000. */
  settleMs?: number;
  /** Requests per key per 60 s window; default 100. */
  rateLimit?: number;
  /** Decimal string; default "5000.00". */
  initialBalance?: string;
  /** undefined or "" = no webhooks. */
  webhookUrl?: string;
  webhookSecret?: string;
  deliver?: (url: string, init: RequestInit) => Promise<Response>;
  /** ms clock; control.advanceTime adds an offset on top. */
  now?: () => number;
  seed?: number;
  /**
   * Another supplier's catalog over the same generated products (a seed): other prices and stock,
   * some products not carried. Unset: the base catalog (docs/suppliers.md#sandbox).
   */
  catalogVariant?: number;
  /** Used for next_page_url and resource URLs; default "http://localhost:3000/sandbox/v1". */
  baseUrl?: string;
};

export type SandboxSettings = {
  requestSigning?: boolean;
  responseEncryption?: boolean;
  codeEncryption?: boolean;
  publicKeyPem?: string;
  webhookUrl?: string;
  webhookSecret?: string;
  rateLimit?: number;
  settleMs?: number;
};

/** Injected upstream behaviour; every counter ("next n") is taken atomically and reset() clears all. */
export type SandboxFaults = {
  /** Wall-clock delay BEFORE a /v1 call is processed: a client that gives up meanwhile aborts it (nothing happens). */
  latencyMs?: number;
  /** 0..1: share of /v1 calls answered 500 before any side effect (seeded, deterministic). */
  serverErrorRate?: number;
  /** The next n /v1 calls answer 500. */
  failNextRequests?: number;
  /** The next n POST /orders purchase and debit, then fail to answer. */
  dropNextPurchases?: number;
  /** 0..1: share of POST /orders that purchase and debit, then fail to answer (seeded). */
  dropPurchaseRate?: number;
  /** The next n /v1 calls answer 429. */
  rateLimitNext?: number;
  /**
   * Wall-clock delay AFTER processing: the call takes effect at once (order created, wallet
   * debited), only the answer is late; a client that gives up meanwhile loses the answer, not the order.
   * Applies to every /v1 call unless responseDelayNextPurchases is set.
   */
  responseDelayMs?: number;
  /** Only the next n POST /orders get responseDelayMs; when they are used up both keys clear. */
  responseDelayNextPurchases?: number;
  /** The next n code orders that complete (in the purchase or when settling) carry fewer codes; charged in full. */
  shortCodesNext?: number;
  /** How many codes a short order lacks (default 1; never below 0 codes). */
  shortCodesMissing?: number;
  /** true: the first GET /orders/{id} after a short answer returns the full set; false (default): short for ever. */
  shortCodesHealOnRead?: boolean;
  /** The next n purchases whose Idempotency-Key already has an order answer 400 out_of_stock without order_id. */
  outOfStockOnReplayNext?: number;
  /** The next n purchases (not replays) of a listed SKU first raise its price by priceRisePercent, then charge it. */
  priceRiseNext?: number;
  /** Percent for priceRiseNext (default 20; negative lowers the price). */
  priceRisePercent?: number;
};

export type ProductChange = {
  itemCode: string;
  productName?: string;
  brand?: string;
  category?: string;
  productType?: string;
  faceValue?: number;
  /** Decimal string, list price in the wallet currency. */
  price?: string;
  currency?: string;
  stock?: number;
};

export type PublishChanges = {
  /** itemCode → new list price (decimal string); an active offer keeps its percent. */
  priceChanges?: Record<string, string>;
  /** item codes to unpublish (they move to `removed`). */
  unpublish?: string[];
  /** old itemCode → new itemCode. */
  rename?: Record<string, string>;
  /** new SKUs, cloned from the first listed gift card then overridden. */
  add?: ProductChange[];
  /** itemCode → units available now. */
  stock?: Record<string, number>;
};

export type SandboxOrderRecord = {
  order_id: number;
  order_no: string;
  item_code: string;
  quantity: number;
  idempotency_key: string | null;
  status: "pending" | "completed" | "failed";
  amount: string;
  /** Unit price actually charged (wallet currency). */
  charged_unit: string;
  /** Codes the order carries now (fewer than quantity after a short delivery; 0 for top-ups and pending). */
  codes_count: number;
  created_at: string;
};

export type WebhookAttempt = {
  webhook_id: string;
  event: string;
  order_id: number;
  attempt: number;
  url: string;
  http_status: number | null;
  ok: boolean;
  error: string | null;
  at: string;
};

export type SandboxStats = {
  requests: number;
  rateLimited: number;
  byRoute: Record<string, number>;
};

export type FlushResult = { delivered: number; failed: number; pending: number };

export type SandboxControl = {
  reset(): void;
  setBalance(balance: string): void;
  getBalance(): string;
  advanceTime(ms: number): void;
  /** The sandbox's virtual clock (ms). */
  now(): number;
  settleDue(): number;
  settleNow(orderId?: number): number;
  flushWebhooks(): Promise<FlushResult>;
  setOptions(options: SandboxSettings): void;
  setFaults(faults: SandboxFaults): void;
  publishChanges(changes: PublishChanges): string[];
  listOrders(): SandboxOrderRecord[];
  webhookLog(): WebhookAttempt[];
  stats(): SandboxStats;
};

export type Sandbox = {
  handle(req: Request): Promise<Response>;
  fetch: typeof fetch;
  control: SandboxControl;
  close(): void;
};
