import { describe, expect, it } from "vitest";
import {
  balanceSchema,
  catalogPageSchema,
  challengeSchema,
  orderSchema,
  productSchema,
  toDecimalString,
} from "./schemas";

const product = {
  item_code: "AMZ-US-25",
  brand: "Amazon",
  product_name: "Amazon US $25",
  face_value: 25,
  value: 25,
  price: 24.5,
  charged_price: 23.75,
  currency: "USD",
  value_unit: null,
  denomination_unit: "USD",
  category: "Shopping",
  product_type: "gift_card",
  product_family: null,
  denomination_type: "fixed",
  redemption_instructions: "Redeem at amazon.com",
  redemption_url: null,
  code_format: "alphanumeric",
  required_fields: [],
  region: "US",
  country_code: ["US"],
  delivery_type: "DIGITAL",
  image_url: "https://img.test/a.png",
  description: "A card",
  terms: null,
  is_offer: true,
  offer_percent: 3.06,
  offer_expires_date: null,
  min_quantity: 1,
  max_quantity: 100,
  in_stock: true,
  is_active: true,
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-02-01T00:00:00Z",
};

describe("productSchema", () => {
  it("turns money fields into decimal strings and keeps nulls", () => {
    const p = productSchema.parse(product);
    expect(p).toMatchObject({
      faceValue: "25",
      price: "24.5",
      chargedPrice: "23.75",
      offerPercent: "3.06",
      valueUnit: null,
      terms: null,
      redemptionUrl: null,
    });
  });

  it("tolerates unknown extra fields and omitted nullable fields", () => {
    const { value_unit: _a, terms: _b, offer_percent: _c, ...rest } = product;
    const p = productSchema.parse({ ...rest, supplier_hint: "x", price: "24.50" });
    expect(p).toMatchObject({ valueUnit: null, terms: null, offerPercent: null, price: "24.50" });
    expect(p).not.toHaveProperty("supplierHint");
  });

  it("camelCases required-field entries", () => {
    const p = productSchema.parse({
      ...product,
      required_fields: [{ key: "player_id", label: "Player ID", type: "string", required: true, max_length: 32 }],
    });
    expect(p.requiredFields).toEqual([
      { key: "player_id", label: "Player ID", type: "string", required: true, maxLength: 32 },
    ]);
  });

  it("defaults charged_price to price when absent", () => {
    const { charged_price: _x, ...rest } = product;
    expect(productSchema.parse(rest).chargedPrice).toBe("24.5");
  });
});

describe("catalogPageSchema", () => {
  const pagination = {
    total: 1,
    per_page: 50,
    current_page: 1,
    last_page: 1,
    next_page_url: null,
    prev_page_url: null,
  };

  it("leaves removed absent on a full listing", () => {
    const page = catalogPageSchema.parse({ products: [product], pagination, state: "available" });
    expect(page.removed).toBeUndefined();
    expect(page.pagination).toEqual({
      total: 1,
      perPage: 50,
      currentPage: 1,
      lastPage: 1,
      nextPageUrl: null,
      prevPageUrl: null,
    });
  });

  it("keeps removed entries of a delta page", () => {
    const page = catalogPageSchema.parse({
      products: [],
      pagination,
      removed: [{ item_code: "OLD", updated_at: "2026-03-01T00:00:00Z" }],
    });
    expect(page.removed).toEqual([{ itemCode: "OLD", updatedAt: "2026-03-01T00:00:00Z" }]);
  });

  it("accepts an omitted next_page_url as null", () => {
    const { next_page_url: _n, ...rest } = pagination;
    expect(catalogPageSchema.parse({ products: [], pagination: rest }).pagination.nextPageUrl).toBeNull();
  });
});

describe("orderSchema", () => {
  it("accepts amount as a string (purchase response)", () => {
    const o = orderSchema.parse({
      order_id: 1,
      order_no: "A",
      status: "completed",
      state: "completed",
      amount: "23.75",
      type: "bulk",
      codes: [
        {
          code: "C",
          item_code: "X",
          denomination: "25",
          currency: "USD",
          charged_amount: "23.75",
          denomination_unit: "USD",
        },
      ],
    });
    expect(o.amount).toBe("23.75");
    expect(o.codes[0]).toEqual({
      code: "C",
      itemCode: "X",
      denomination: "25",
      currency: "USD",
      chargedAmount: "23.75",
      denominationUnit: "USD",
    });
  });

  it("accepts amount as a number (detail response)", () => {
    expect(orderSchema.parse({ order_id: 1, order_no: "A", status: "pending", amount: 23.75, codes: [] }).amount).toBe(
      "23.75",
    );
  });

  it("treats omitted codes of a top-up as empty and keeps delivery and quantity", () => {
    const o = orderSchema.parse({
      order_id: 2,
      order_no: "B",
      status: "pending",
      amount: "5.00",
      quantity: 1,
      delivery: { mode: "direct_top_up", status: "pending" },
    });
    expect(o).toEqual({
      orderId: 2,
      orderNo: "B",
      status: "pending",
      amount: "5.00",
      quantity: 1,
      codes: [],
      delivery: { mode: "direct_top_up", status: "pending" },
    });
  });

  it("rejects an undocumented status", () => {
    expect(orderSchema.safeParse({ order_id: 1, order_no: "A", status: "processing", amount: 1 }).success).toBe(false);
  });
});

describe("small schemas", () => {
  it("reads the challenge from the contract's field", () => {
    expect(challengeSchema.parse({ challenge: "abc", expires_in: 300 })).toEqual({ challenge: "abc", expiresIn: 300 });
  });

  it("keeps the balance a decimal string", () => {
    expect(balanceSchema.parse({ balance: "5000.00", currency: "USD", state: "success" })).toEqual({
      balance: "5000.00",
      currency: "USD",
    });
  });

  it("renders tiny and huge numbers without an exponent", () => {
    expect(toDecimalString(1e-7)).toBe("0.0000001");
    expect(toDecimalString(0.1 + 0.2)).toBe("0.30000000000000004");
    expect(toDecimalString(12)).toBe("12");
  });
});
