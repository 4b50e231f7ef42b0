import { describe, expect, it } from "vitest";
import { call, makeSandbox } from "./sandbox-helpers";

const sb = makeSandbox({ catalogSize: 300 });
const fields2_1 = [
  "item_code",
  "brand",
  "product_name",
  "face_value",
  "value",
  "price",
  "charged_price",
  "currency",
  "value_unit",
  "denomination_unit",
  "category",
  "product_type",
  "product_family",
  "denomination_type",
  "redemption_instructions",
  "redemption_url",
  "code_format",
  "required_fields",
  "region",
  "country_code",
  "delivery_type",
  "image_url",
  "description",
  "terms",
  "is_offer",
  "offer_percent",
  "offer_expires_date",
  "min_quantity",
  "max_quantity",
  "in_stock",
  "is_active",
  "created_at",
  "updated_at",
];

async function all(query: string) {
  const r = await call(sb, "GET", `/catalog?per_page=100&${query}`);
  const products = [...r.body.data.products];
  for (let page = 2; page <= r.body.data.pagination.last_page; page++) {
    products.push(...(await call(sb, "GET", `/catalog?per_page=100&page=${page}&${query}`)).body.data.products);
  }
  return products;
}

describe("sandbox catalog (spec 4.4, 4.5)", () => {
  it("lists every 2.1 field on every product, all product types, offers, out-of-stock rows and readable codes", async () => {
    const products = await all("include_test=true");
    expect(products.length).toBe(300 + 8);
    for (const p of products) expect(Object.keys(p).sort()).toEqual([...fields2_1].sort());
    const types = new Set(products.map((p) => p.product_type));
    for (const t of [
      "gift_card",
      "app_store",
      "game_card",
      "game",
      "software",
      "subscription",
      "service",
      "direct_top_up",
      "test",
      "other",
    ])
      expect(types).toContain(t);
    expect(products.find((p) => p.item_code === "STEAM-US-5")).toBeDefined();
    expect(
      products.some((p) => p.is_offer && p.charged_price < p.price && p.offer_percent > 0 && p.offer_expires_date),
    ).toBe(true);
    expect(products.some((p) => !p.in_stock)).toBe(true);
    expect(products.every((p) => p.is_active && p.max_quantity <= 100)).toBe(true);
    expect(new Set(products.map((p) => p.category))).toContain("Food & Drink");
    expect(new Set(products.map((p) => p.currency)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(products.map((p) => p.brand)).size).toBeGreaterThanOrEqual(30);
  });

  it("hides product_type test unless include_test is true", async () => {
    const r = await call(sb, "GET", "/catalog?item_id=TEST-INSTANT");
    expect(r.body.data.products).toEqual([]);
    const t = await call(sb, "GET", "/catalog?item_id=TEST-INSTANT&include_test=true");
    expect(t.body.data.products.map((p: any) => p.item_code)).toEqual(["TEST-INSTANT"]);
    expect(r.body.data.state).toBe("available");
    expect(r.body.data.removed).toBeUndefined();
  });

  it("paginates with per_page default 50, absolute next/prev URLs keeping the query, and an empty page past the end", async () => {
    const first = await call(sb, "GET", "/catalog?brand=Steam&per_page=4");
    const pg = first.body.data.pagination;
    expect(pg).toMatchObject({ per_page: 4, current_page: 1, prev_page_url: null });
    expect(pg.last_page).toBe(Math.ceil(pg.total / 4));
    const next = new URL(pg.next_page_url);
    expect(next.origin + next.pathname).toBe("http://localhost:3000/sandbox/v1/catalog");
    expect(next.searchParams.get("brand")).toBe("Steam");
    expect(next.searchParams.get("page")).toBe("2");
    const second = await call(sb, "GET", `/catalog${next.search}`);
    expect(second.body.data.pagination.prev_page_url).toContain("page=1");
    const lastPage = await call(sb, "GET", `/catalog?brand=Steam&per_page=4&page=${pg.last_page}`);
    expect(lastPage.body.data.pagination.next_page_url).toBeNull();
    expect((await call(sb, "GET", "/catalog")).body.data.pagination.per_page).toBe(50);
  });

  it("sorts by brand (default), value, category and item_code with ties broken by item_code ascending", async () => {
    const byValue = (await call(sb, "GET", "/catalog?sort_by=value&order=desc&per_page=100")).body.data.products;
    for (let i = 1; i < byValue.length; i++) {
      const [a, b] = [byValue[i - 1], byValue[i]];
      expect(a.face_value > b.face_value || (a.face_value === b.face_value && a.item_code < b.item_code)).toBe(true);
    }
    const byBrand = (await call(sb, "GET", "/catalog?per_page=100")).body.data.products;
    for (let i = 1; i < byBrand.length; i++) {
      const [a, b] = [byBrand[i - 1], byBrand[i]];
      expect(a.brand < b.brand || (a.brand === b.brand && a.item_code < b.item_code)).toBe(true);
    }
  });

  it("filters by product_type, brand, q, region, currency, delivery_type, value range and country_code", async () => {
    const check = async (query: string, pred: (p: any) => boolean) => {
      const products = await all(query);
      expect(products.length).toBeGreaterThan(0);
      expect(products.every(pred)).toBe(true);
    };
    await check(
      "product_type=direct_top_up",
      (p) => p.product_type === "direct_top_up" && p.required_fields.length > 0,
    );
    await check("brand=Amazon", (p) => p.brand === "Amazon");
    await check("q=netf", (p) => `${p.product_name} ${p.brand} ${p.item_code}`.toLowerCase().includes("netf"));
    await check("region=EU", (p) => p.region === "EU");
    await check("currency=GBP", (p) => p.currency === "GBP");
    await check("delivery_type=PHYSICAL", (p) => p.delivery_type === "PHYSICAL");
    await check("value_min=20&value_max=50", (p) => p.face_value >= 20 && p.face_value <= 50);
    await check("country_code=DE", (p) => p.country_code.includes("DE"));
  });

  it("GET /catalog/{category} URL-decodes the shelf label and 404s for a category with no active product", async () => {
    const food = await call(sb, "GET", "/catalog/Food%20%26%20Drink?per_page=100");
    expect(food.status).toBe(200);
    expect(food.body.data.products.every((p: any) => p.category === "Food & Drink")).toBe(true);
    expect(food.body.data.pagination.next_page_url ?? "").not.toContain("Food & Drink");
    const none = await call(sb, "GET", "/catalog/Gardening");
    expect(none.status).toBe(404);
    expect(none.body.success).toBe(false);
    expect((await call(sb, "GET", "/catalog/%E0%A4%A")).status).toBe(404);
  });

  it("rejects invalid query values with 422 (updated_since, per_page, sort_by, q over 255)", async () => {
    for (const q of [
      "updated_since=yesterday",
      "per_page=101",
      "per_page=0",
      "sort_by=price",
      "order=up",
      "value_min=-1",
      `q=${"a".repeat(256)}`,
    ]) {
      const r = await call(sb, "GET", `/catalog?${q}`);
      expect(r.status, q).toBe(422);
      expect(r.body.data.state).toBe("validation_error");
    }
  });
});
