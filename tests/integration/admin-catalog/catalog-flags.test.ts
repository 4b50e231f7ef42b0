import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { getSkuPage, listFamilies } from "@/lib/catalog/queries";
import { updateProductFlags } from "@/lib/admin/catalog/product-flags";
import { listAdminProducts } from "@/lib/admin/catalog/list-products";
import { createProducts } from "../../helpers/catalog-fixtures";
import { actAs, createUsers } from "./staff-session";

let users: Awaited<ReturnType<typeof createUsers>>;

beforeAll(async () => {
  users = await createUsers();
  await createProducts([
    { itemCode: "FLAG-A", brandName: "Alpha", productName: "Alpha Card" },
    { itemCode: "FLAG-B", brandName: "Beta", productName: "Beta Card" },
    { itemCode: "FLAG-C", brandName: "Beta", productName: "Beta Pass", productType: "game_card", listed: false },
  ]);
});
afterAll(() => setSessionOverrideForTests(undefined));

const idOf = async (itemCode: string) => (await db.product.findUniqueOrThrow({ where: { itemCode } })).id;
const shopFamilies = async (q?: string) => (await listFamilies({ q })).items.map((f) => f.slug).sort();

describe("catalog flags change what shoppers see", () => {
  it("hides a product from listings, search and its page, and shows it again", async () => {
    actAs(users, "staff");
    expect(await shopFamilies()).toEqual(["alpha-gift-card", "beta-gift-card"]);

    const hidden = await updateProductFlags({ productId: await idOf("FLAG-A"), hidden: true });
    expect(hidden).toMatchObject({ ok: true });
    expect(await shopFamilies()).toEqual(["beta-gift-card"]);
    expect(await shopFamilies("alpha")).toEqual([]);
    expect(await getSkuPage("FLAG-A")).toBeNull();

    expect((await updateProductFlags({ productId: await idOf("FLAG-A"), hidden: false })).ok).toBe(true);
    expect(await shopFamilies()).toEqual(["alpha-gift-card", "beta-gift-card"]);
    expect(await getSkuPage("FLAG-A")).not.toBeNull();
  });

  it("puts a featured product first in shop listings and records who did it with before/after", async () => {
    actAs(users, "owner");
    const order = async () => (await listFamilies({})).items.map((f) => f.slug);
    expect(await order()).toEqual(["alpha-gift-card", "beta-gift-card"]);
    const id = await idOf("FLAG-B");
    expect((await updateProductFlags({ productId: id, featured: true })).ok).toBe(true);

    expect(await order()).toEqual(["beta-gift-card", "alpha-gift-card"]);
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "catalog.flags", targetId: id },
      orderBy: { createdAt: "desc" },
    });
    expect(audit.actorId).toBe(users.owner);
    expect(JSON.parse(audit.before!)).toMatchObject({ featured: false });
    expect(JSON.parse(audit.after!)).toMatchObject({ featured: true });
  });

  it("never changes upstream data when flags change", async () => {
    actAs(users, "staff");
    const id = await idOf("FLAG-B");
    const before = await db.product.findUniqueOrThrow({ where: { id } });
    await updateProductFlags({ productId: id, hidden: true, featured: false });
    const after = await db.product.findUniqueOrThrow({ where: { id } });
    const { hidden: _h, featured: _f, updatedAt: _u, ...restAfter } = after;
    const { hidden: _h2, featured: _f2, updatedAt: _u2, ...restBefore } = before;
    expect(restAfter).toEqual(restBefore);
    await updateProductFlags({ productId: id, hidden: false });
  });

  it("lists every product for staff with filters, including unlisted and hidden ones", async () => {
    expect((await listAdminProducts({})).total).toBe(3);
    expect((await listAdminProducts({ listed: "no" })).items.map((p) => p.itemCode)).toEqual(["FLAG-C"]);
    expect((await listAdminProducts({ type: "game_card" })).items.map((p) => p.itemCode)).toEqual(["FLAG-C"]);
    expect((await listAdminProducts({ brand: "Beta", q: "pass" })).items.map((p) => p.itemCode)).toEqual(["FLAG-C"]);
    expect((await listAdminProducts({ featured: "yes" })).items.map((p) => p.itemCode)).toEqual([]);
    expect((await listAdminProducts({ hidden: "no", page: "1" })).total).toBe(3);
  });
});
