// Inserts catalog rows for storefront tests (and, by hand, for a local demo database).
// Money as decimal strings; brands and categories are created on first use.
import { commitCatalogChange } from "@/lib/catalog/catalog-version";
import { deriveFamily, encodeCountryCodes, imageKeyOf } from "@/lib/catalog/family";
import { productScopes } from "@/lib/catalog/scopes";
import { buildSearchText } from "@/lib/catalog/search/index-text";
import { slugify } from "@/lib/catalog/slug";
import { db, Prisma } from "@/lib/db";

export type ProductFixture = Partial<
  Omit<Prisma.ProductUncheckedCreateInput, "brandId" | "categoryId" | "countries">
> & {
  itemCode: string;
  countries?: string[];
};

async function ensureBrand(name: string, featured = false) {
  return db.brand.upsert({
    where: { name },
    update: featured ? { featured } : {},
    create: { name, slug: slugify(name), featured },
  });
}

async function ensureCategory(name: string, slug?: string) {
  return db.category.upsert({ where: { name }, update: {}, create: { name, slug: slug ?? slugify(name) } });
}

/** Creates one product with sensible defaults (a listed, in-stock 10 USD gift card); family columns derived as the sync derives them. */
export async function createProduct(fixture: ProductFixture & { categorySlug?: string; brandFeatured?: boolean }) {
  const { countries = ["US"], categorySlug, brandFeatured, ...p } = fixture;
  const brandName = p.brandName ?? "Acme";
  const productName = p.productName ?? `${brandName} Gift Card`;
  const categoryName = p.categoryName ?? "Gift Cards";
  const brand = await ensureBrand(brandName, brandFeatured);
  const category = await ensureCategory(categoryName, categorySlug);
  const now = new Date("2026-01-01T00:00:00Z");
  const imageUrl = p.imageUrl ?? "https://img.invalid/x.png";
  const derived = {
    ...deriveFamily({
      brand: brandName,
      productType: p.productType ?? "gift_card",
      productFamily: p.productFamily ?? null,
      region: p.region ?? "US",
    }),
    imageKey: imageKeyOf(imageUrl),
    countryCodes: encodeCountryCodes(countries),
  };
  // Like every catalog write, a fixture commits a catalog change (search vocabulary, caches).
  return db.$transaction(async (tx) => {
    const product = await tx.product.create({
      data: {
        faceValue: "10",
        price: "10",
        chargedPrice: "9.50",
        shopPrice: "10.45",
        currency: "USD",
        denominationUnit: "USD",
        productType: "gift_card",
        denominationType: "fixed",
        redemptionInstructions: "Redeem at the brand's website.",
        codeFormat: "alphanumeric",
        region: "US",
        deliveryType: "DIGITAL",
        imageUrl,
        description: `${productName} description`,
        upstreamCreatedAt: now,
        upstreamUpdatedAt: now,
        ...derived,
        ...p,
        productName,
        brandName,
        categoryName,
        brandId: brand.id,
        categoryId: category.id,
        searchText:
          p.searchText ??
          buildSearchText({
            productName,
            brand: brandName,
            itemCode: p.itemCode,
            productType: p.productType ?? "gift_card",
            category: categoryName,
            familyName: derived.familyName,
          }),
        countries: { create: countries.map((countryCode) => ({ countryCode })) },
      },
    });
    await commitCatalogChange(tx, productScopes(product));
    return product;
  });
}

/** Creates several products in order. */
export async function createProducts(fixtures: Parameters<typeof createProduct>[0][]) {
  const out = [];
  for (const f of fixtures) out.push(await createProduct(f));
  return out;
}

/** The top-up SKUs' one required field, as the sandbox declares it. */
export const sandboxTopupFields = JSON.stringify([
  { key: "player_id", label: "Player ID", type: "string", required: true, max_length: 12 },
]);

/**
 * The sandbox's TEST-* SKUs as the shop would list them after a sync (cost 1.00, sold 1.10; the
 * TEST-TOPUP ones ask for a player ID), created once: what the order harnesses buy.
 */
export async function ensureSandboxProducts(itemCodes: readonly string[], extra: Partial<ProductFixture> = {}) {
  for (const itemCode of itemCodes) {
    if (await db.product.findUnique({ where: { itemCode } })) continue;
    await createProduct({
      itemCode,
      productName: itemCode,
      brandName: "Sandbox",
      categoryName: "Test",
      productType: "test",
      price: "1",
      chargedPrice: "1.00",
      shopPrice: "1.10",
      requiredFields: itemCode.startsWith("TEST-TOPUP") ? sandboxTopupFields : "[]",
      ...extra,
    });
  }
}
