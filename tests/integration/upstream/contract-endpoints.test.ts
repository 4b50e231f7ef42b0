// Contract suite, part 1: every read/check endpoint of spec part 4 through the real client
// against the in-process sandbox, with the part-7 rows they can produce.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  InvalidFieldsError,
  InvalidQuantityError,
  MissingFieldsError,
  NotFoundError,
  OutOfStockError,
  UnauthorizedError,
  UpstreamServerError,
  UpstreamValidationError,
} from "@/lib/upstream";
import { createHarness, errorOf } from "./sandbox-client";

const h = createHarness();
const client = h.client();
afterAll(() => h.sandbox.close());
beforeEach(() => h.sandbox.control.reset());

describe("GET / and GET /balance", () => {
  it("reads the API info with a string api_version and resource links", async () => {
    const info = await client.info();
    expect(info.apiVersion).toBe("1");
    expect(Object.keys(info.resources).sort()).toEqual(["balance", "orders", "products", "purchase"]);
    expect(info.documentation?.href).toMatch(/^https?:/);
  });

  it("reads the wallet balance as a decimal string", async () => {
    h.sandbox.control.setBalance("123.45");
    expect(await client.balance()).toEqual({ balance: "123.45", currency: "USD" });
  });

  it("rejects a wrong API key with UnauthorizedError (401)", async () => {
    const err = await errorOf(h.client({ apiKey: "wrong_key_000000" }).balance());
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect(err.message).not.toContain("wrong_key_000000");
  });

  it("maps an upstream 500 to UpstreamServerError", async () => {
    h.sandbox.control.setFaults({ failNextRequests: 1 });
    expect(await errorOf(client.balance())).toBeInstanceOf(UpstreamServerError);
    expect((await client.balance()).currency).toBe("USD");
  });
});

describe("GET /catalog and GET /catalog/{category}", () => {
  it("lists a full page without removed, with decimal-string money", async () => {
    const page = await client.catalog({ perPage: 5 });
    expect(page.products).toHaveLength(5);
    expect(page.removed).toBeUndefined();
    expect(page.pagination).toMatchObject({ perPage: 5, currentPage: 1 });
    expect(page.pagination.lastPage).toBeGreaterThan(1);
    expect(page.pagination.nextPageUrl).toContain("page=2");
    for (const p of page.products) {
      expect(p.chargedPrice).toMatch(/^\d+(\.\d+)?$/);
      expect(p.productType).not.toBe("test");
    }
  });

  it("excludes test SKUs unless include_test is true", async () => {
    const hidden = await client.catalog({ productType: "test" });
    expect(hidden.products).toHaveLength(0);
    const shown = await client.catalog({ productType: "test", includeTest: true, sortBy: "item_code", perPage: 100 });
    expect(shown.products.map((p) => p.itemCode)).toEqual(
      expect.arrayContaining(["TEST-INSTANT", "TEST-TOPUP", "TEST-OOS"]),
    );
    const topUp = shown.products.find((p) => p.itemCode === "TEST-TOPUP")!;
    expect(topUp.requiredFields[0]).toMatchObject({ key: "player_id", required: true });
  });

  it("looks up a single SKU with item_id", async () => {
    const page = await client.catalog({ itemId: "TEST-INSTANT", includeTest: true });
    expect(page.products.map((p) => p.itemCode)).toEqual(["TEST-INSTANT"]);
  });

  it("pages through the whole listing until current_page reaches last_page", async () => {
    const seen = new Set<string>();
    let page = 1;
    for (;;) {
      const res = await client.catalog({ page, perPage: 7, sortBy: "item_code" });
      res.products.forEach((p) => seen.add(p.itemCode));
      if (res.pagination.currentPage >= res.pagination.lastPage || !res.pagination.nextPageUrl) break;
      page++;
    }
    expect(seen.size).toBe((await client.catalog({ perPage: 1 })).pagination.total);
  });

  it("lists a category by its URL-encoded shelf label", async () => {
    const label = (await client.catalog({ perPage: 1 })).products[0]!.category;
    const page = await client.catalog({ perPage: 100 }, { category: label });
    expect(page.products.length).toBeGreaterThan(0);
    expect(page.products.every((p) => p.category === label)).toBe(true);
  });

  it("answers an unknown category with NotFoundError (404)", async () => {
    expect(await errorOf(client.catalog({}, { category: "No Such Shelf" }))).toBeInstanceOf(NotFoundError);
  });

  it("rejects an invalid updated_since with UpstreamValidationError (422)", async () => {
    expect(await errorOf(client.catalog({ updatedSince: "yesterday" }))).toBeInstanceOf(UpstreamValidationError);
  });
});

describe("POST /orders/check", () => {
  it("returns in_stock with the authoritative price as a decimal string", async () => {
    const check = await client.check({ itemCode: "TEST-INSTANT", quantity: 3 });
    expect(check).toMatchObject({
      state: "in_stock",
      available: true,
      requested: 3,
      quantityContractVersion: 1,
      price: "1",
    });
  });

  it("answers insufficient stock with OutOfStockError (404)", async () => {
    const err = await errorOf(client.check({ itemCode: "TEST-OOS", quantity: 1 }));
    expect(err).toBeInstanceOf(OutOfStockError);
    expect(err).toMatchObject({ status: 404, state: "out_of_stock" });
  });

  it("answers an unknown item with NotFoundError (404)", async () => {
    expect(await errorOf(client.check({ itemCode: "NOPE-1", quantity: 1 }))).toBeInstanceOf(NotFoundError);
  });

  it("answers a quantity outside min/max with InvalidQuantityError (400)", async () => {
    const err = await errorOf(client.check({ itemCode: "TEST-INSTANT", quantity: 101 }));
    expect(err).toBeInstanceOf(InvalidQuantityError);
    expect(err).toMatchObject({ status: 400 });
  });

  it("answers a non-numeric quantity with UpstreamValidationError (422)", async () => {
    const err = await errorOf(client.check({ itemCode: "TEST-INSTANT", quantity: Number.NaN }));
    expect(err).toBeInstanceOf(UpstreamValidationError);
  });
});

describe("POST /orders/validate-fields", () => {
  it("returns the account display name when it can be verified", async () => {
    expect(await client.validateFields({ itemCode: "TEST-TOPUP", fields: { player_id: "123456" } })).toEqual({
      valid: true,
      displayName: "Player 3456",
    });
  });

  it("returns a null display name that still means valid", async () => {
    expect(await client.validateFields({ itemCode: "TEST-TOPUP", fields: { player_id: "123457" } })).toEqual({
      valid: true,
      displayName: null,
    });
  });

  it("names the missing field with MissingFieldsError (422)", async () => {
    const err = await errorOf(client.validateFields({ itemCode: "TEST-TOPUP", fields: { player_id: "  " } }));
    expect(err).toBeInstanceOf(MissingFieldsError);
    expect(err).toMatchObject({ status: 422, field: "player_id" });
  });

  it("rejects an unverifiable account with InvalidFieldsError (422) without echoing fields", async () => {
    const err = await errorOf(client.validateFields({ itemCode: "TEST-TOPUP", fields: { player_id: "000000" } }));
    expect(err).toBeInstanceOf(InvalidFieldsError);
    expect(err.message).not.toContain("000000");
  });

  it("rejects an unknown key with InvalidFieldsError (422)", async () => {
    expect(
      await errorOf(client.validateFields({ itemCode: "TEST-TOPUP", fields: { player_id: "123456", zone: "1" } })),
    ).toBeInstanceOf(InvalidFieldsError);
  });

  it("rejects a code product with UpstreamValidationError (422)", async () => {
    expect(
      await errorOf(client.validateFields({ itemCode: "TEST-INSTANT", fields: { player_id: "123456" } })),
    ).toBeInstanceOf(UpstreamValidationError);
  });

  it("answers an unknown product with NotFoundError (404)", async () => {
    expect(
      await errorOf(client.validateFields({ itemCode: "NOPE-1", fields: { player_id: "123456" } })),
    ).toBeInstanceOf(NotFoundError);
  });
});

describe("GET /orders/{id} and GET /orders", () => {
  it("answers an unknown order with NotFoundError (404)", async () => {
    expect(await errorOf(client.getOrder(999_999))).toBeInstanceOf(NotFoundError);
  });

  it("lists orders with numeric amounts normalised to decimal strings, filtered and paged", async () => {
    await client.purchase({ itemCode: "TEST-INSTANT", quantity: 2 }, { idempotencyKey: "list-1" });
    await client.purchase({ itemCode: "TEST-PENDING", quantity: 1 }, { idempotencyKey: "list-2" });
    const all = await client.listOrders({ perPage: 1, sortBy: "created_at", order: "asc" });
    expect(all.pagination).toMatchObject({ total: 2, perPage: 1, lastPage: 2 });
    expect(all.orders[0]).toMatchObject({ status: "completed", amount: expect.stringMatching(/^2(\.0+)?$/) });
    const second = await client.listOrders({ page: 2, perPage: 1, sortBy: "created_at", order: "asc" });
    expect(second.orders[0]!.status).toBe("pending");
    const pending = await client.listOrders({ status: "pending" });
    expect(pending.orders.map((o) => o.status)).toEqual(["pending"]);
  });
});
