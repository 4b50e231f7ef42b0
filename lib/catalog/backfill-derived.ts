// Fills the derived catalog columns (family, image key, country list) of rows written before
// they existed; the sync writes them for every row it touches. Runs at start-up, in batches.
import "server-only";
import { db } from "@/lib/db";
import { commitCatalogChange } from "./catalog-version";
import { changedScopes } from "./scopes";
import { deriveFamily, encodeCountryCodes, imageKeyOf } from "./family";

const BATCH = 500;

/** Derives the columns for rows that lack them; returns how many rows were filled. */
export async function backfillDerivedCatalogColumns(): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db.product.findMany({
      where: { familySlug: "" },
      select: {
        id: true,
        brandName: true,
        productType: true,
        productFamily: true,
        region: true,
        imageUrl: true,
        brandId: true,
        categoryId: true,
        familySlug: true,
        countries: { select: { countryCode: true } },
      },
      take: BATCH,
    });
    if (rows.length === 0) break;
    // Family and artwork columns are what tiles show: each batch commits a catalog change.
    await db.$transaction(
      async (tx) => {
        const derived = rows.map((r) => ({
          id: r.id,
          ...deriveFamily({
            brand: r.brandName,
            productType: r.productType,
            productFamily: r.productFamily,
            region: r.region,
          }),
          imageKey: imageKeyOf(r.imageUrl),
          countryCodes: encodeCountryCodes(r.countries.map((c) => c.countryCode)),
        }));
        for (const { id, ...data } of derived) await tx.product.update({ where: { id }, data });
        await commitCatalogChange(
          tx,
          changedScopes([...rows, ...rows.map((r, i) => ({ ...r, familySlug: derived[i].familySlug }))]),
        );
      },
      { timeout: 60_000, maxWait: 30_000 },
    );
    filled += rows.length;
  }
  return filled;
}
