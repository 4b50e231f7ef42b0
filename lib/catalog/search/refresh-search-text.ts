// Rewrites the search text of rows indexed under an older rule (before type, category and family
// words were indexed); the sync writes it for every row it touches, but an unchanged product is
// never rewritten by a sync. Runs at start-up, in batches; a no-op once every row is current.
import "server-only";
import { db } from "@/lib/db";
import { commitCatalogChange } from "../catalog-version";
import { buildSearchText } from "./index-text";

const BATCH = 1000;

/** Brings every product's search text up to the current rule; returns how many rows changed. */
export async function refreshSearchText(): Promise<number> {
  let changed = 0;
  let after: string | undefined;
  for (;;) {
    const rows = await db.product.findMany({
      where: after ? { id: { gt: after } } : {},
      orderBy: { id: "asc" },
      take: BATCH,
      select: {
        id: true,
        productName: true,
        brandName: true,
        itemCode: true,
        productType: true,
        categoryName: true,
        familyName: true,
        searchText: true,
      },
    });
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    const stale = rows
      .map((r) => ({
        id: r.id,
        old: r.searchText,
        searchText: buildSearchText({ ...r, brand: r.brandName, category: r.categoryName }),
      }))
      .filter((r) => r.searchText !== r.old);
    if (stale.length === 0) continue;
    // Search results are cached by catalog version: the rewrite moves it.
    await db.$transaction(
      async (tx) => {
        for (const r of stale) await tx.product.update({ where: { id: r.id }, data: { searchText: r.searchText } });
        await commitCatalogChange(tx);
      },
      { timeout: 60_000, maxWait: 30_000 },
    );
    changed += stale.length;
  }
  return changed;
}
