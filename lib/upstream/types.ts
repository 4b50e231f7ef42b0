// The client's view of the upstream resources (docs/upstream-contract.md#2-resources), camelCased. Money and other
// numeric values that end up in Prisma.Decimal columns are decimal strings, never floats.

/** Who is spending budget: purchases first, checks next, polling of pending orders after them, catalog last. */
export type Priority = "purchase" | "check" | "poll" | "catalog";

export type CallOpts = {
  priority?: Priority;
  signal?: AbortSignal;
  /** false: fail at once with BudgetSpentError instead of waiting for the shared budget (budget.ts). */
  waitForBudget?: boolean;
};

export type ApiInfo = {
  apiVersion: string;
  resources: Record<string, string>;
  documentation: { href: string; description: string } | null;
  contact: { email: string; description: string } | null;
};

export type CatalogQuery = {
  page?: number;
  perPage?: number;
  sortBy?: "brand" | "value" | "category" | "item_code";
  order?: "asc" | "desc";
  itemId?: string;
  productType?: string;
  includeTest?: boolean;
  brand?: string;
  q?: string;
  region?: string;
  currency?: string;
  deliveryType?: "PHYSICAL" | "DIGITAL" | "BOTH";
  valueMin?: number | string;
  valueMax?: number | string;
  countryCode?: string;
  updatedSince?: string;
};

export type RequiredField = { key: string; label: string; type: string; required: boolean; maxLength: number };

export type UpstreamProduct = {
  itemCode: string;
  brand: string;
  productName: string;
  faceValue: string;
  value: string;
  price: string;
  chargedPrice: string;
  currency: string;
  valueUnit: string | null;
  denominationUnit: string;
  category: string;
  productType: string;
  productFamily: string | null;
  denominationType: string;
  redemptionInstructions: string;
  redemptionUrl: string | null;
  codeFormat: string;
  requiredFields: RequiredField[];
  region: string;
  countryCode: string[];
  deliveryType: string;
  imageUrl: string;
  description: string;
  terms: string | null;
  isOffer: boolean;
  offerPercent: string | null;
  offerExpiresDate: string | null;
  minQuantity: number;
  maxQuantity: number;
  inStock: boolean;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

export type CatalogPagination = {
  total: number;
  perPage: number;
  currentPage: number;
  lastPage: number;
  nextPageUrl: string | null;
  prevPageUrl: string | null;
};

export type RemovedEntry = { itemCode: string; updatedAt: string };

export type CatalogPage = {
  products: UpstreamProduct[];
  pagination: CatalogPagination;
  removed?: RemovedEntry[];
};

export type StockCheck = {
  minQuantity: number;
  maxQuantity: number;
  availableQuantity: number | null;
  quantityContractVersion: number;
  price: string;
  state: string;
  available: boolean;
  message: string;
  requested: number;
};

export type FieldValidation = { valid: true; displayName: string | null };

export type OrderStatus = "pending" | "completed" | "failed";

export type UpstreamCode = {
  /** Plain text (decrypted when code encryption is on). A secret: never log it. */
  code: string;
  itemCode: string;
  denomination: string;
  currency?: string;
  chargedAmount?: string;
  denominationUnit?: string;
};

export type UpstreamOrder = {
  orderId: number;
  orderNo: string;
  status: OrderStatus;
  amount: string;
  quantity?: number;
  codes: UpstreamCode[];
  delivery?: { mode: string; status: OrderStatus };
  createdAt?: string;
};

export type PurchaseInput = {
  itemCode: string;
  quantity: number;
  /** Direct top-up buyer inputs. A secret: never log them. */
  fields?: Record<string, string>;
  email?: string;
};

export type PurchaseOpts = CallOpts & { idempotencyKey: string };

export type OrderListQuery = {
  page?: number;
  perPage?: number;
  status?: string;
  sortBy?: "created_at" | "amount" | "status";
  order?: "asc" | "desc";
};

/** itemCode, quantity and createdAt are not in the contract's list item: present only when the upstream sends them. */
export type OrderListItem = {
  orderId: number;
  orderNo: string;
  status: string;
  amount: string;
  itemCode?: string;
  quantity?: number;
  createdAt?: string;
};

export type OrderList = {
  orders: OrderListItem[];
  pagination: { total: number; perPage: number; currentPage: number; lastPage: number };
};

export type Balance = { balance: string; currency: string };

export type Challenge = { challenge: string; expiresIn: number };
