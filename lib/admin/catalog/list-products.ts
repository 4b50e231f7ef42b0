// The admin catalog table: every synced product (hidden, unlisted and test ones too),
// searchable and filterable, one server-side page at a time.
import "server-only";
import { z } from "zod";
import { db, Prisma } from "@/lib/db";
import { normaliseQuery } from "@/lib/catalog/catalog-where";

const flag = z.enum(["yes", "no"]).optional().catch(undefined);

export const adminCatalogFilterSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  type: z.string().max(40).optional().catch(undefined),
  brand: z.string().max(200).optional().catch(undefined),
  listed: flag,
  hidden: flag,
  featured: flag,
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});
export type AdminCatalogFilter = z.output<typeof adminCatalogFilterSchema>;

export const adminCatalogPageSize = 50;

function buildWhere(f: AdminCatalogFilter): Prisma.ProductWhereInput {
  const and: Prisma.ProductWhereInput[] = [];
  if (f.q) and.push({ OR: [{ searchText: { contains: normaliseQuery(f.q) } }, { itemCode: f.q }] });
  if (f.type) and.push({ productType: f.type });
  if (f.brand) and.push({ brandName: f.brand });
  if (f.listed) and.push({ listed: f.listed === "yes" });
  if (f.hidden) and.push({ hidden: f.hidden === "yes" });
  if (f.featured) and.push({ featured: f.featured === "yes" });
  return { AND: and };
}

/** One page of products for staff, ordered by item code (unique, so pages never overlap). */
export async function listAdminProducts(input: Record<string, unknown>) {
  const f = adminCatalogFilterSchema.parse(input);
  const where = buildWhere(f);
  const [total, rows] = await Promise.all([
    db.product.count({ where }),
    db.product.findMany({
      where,
      orderBy: { itemCode: "asc" },
      skip: (f.page - 1) * adminCatalogPageSize,
      take: adminCatalogPageSize,
      select: {
        id: true,
        itemCode: true,
        productName: true,
        brandName: true,
        productType: true,
        currency: true,
        faceValue: true,
        chargedPrice: true,
        shopPrice: true,
        inStock: true,
        listed: true,
        hidden: true,
        featured: true,
      },
    }),
  ]);
  const items = rows.map((r) => ({
    ...r,
    faceValue: r.faceValue.toString(),
    chargedPrice: r.chargedPrice.toFixed(2),
    shopPrice: r.shopPrice.toFixed(2),
  }));
  return { items, total, filter: f, page: f.page, pageCount: Math.max(1, Math.ceil(total / adminCatalogPageSize)) };
}

/** Product types and brands present in the catalog, for the filter dropdowns. */
export async function listCatalogFilterOptions() {
  const [types, brands] = await Promise.all([
    db.product.groupBy({ by: ["productType"], orderBy: { productType: "asc" } }),
    db.brand.findMany({ select: { name: true }, orderBy: { name: "asc" } }),
  ]);
  return { types: types.map((t) => t.productType), brands: brands.map((b) => b.name) };
}
