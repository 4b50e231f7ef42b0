// Brand and Category rows for the names in a sync, created on first sight with a unique
// URL slug; existing rows (and their staff flags) are never renamed or removed.
import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/db";
import { uniqueSlug } from "./slug";

/** A collision-free id in the same alphabet as cuid, for rows created in bulk with createMany. */
export function newId(): string {
  return `c${randomUUID().replace(/-/g, "").slice(0, 24)}`;
}

type Names = { brand: string; category: string };
export type RefLookup = { brandId: (name: string) => string; categoryId: (name: string) => string };

/** Creates missing brands and categories; returns name → id lookups for the product rows. */
export async function ensureBrandsAndCategories(tx: Prisma.TransactionClient, products: Names[]): Promise<RefLookup> {
  const brands = await ensure(tx.brand, new Set(products.map((p) => p.brand)));
  const categories = await ensure(tx.category, new Set(products.map((p) => p.category)));
  const get = (map: Map<string, string>, kind: string) => (name: string) => {
    const id = map.get(name);
    if (!id) throw new Error(`${kind} row missing for a synced product`);
    return id;
  };
  return { brandId: get(brands, "brand"), categoryId: get(categories, "category") };
}

type NamedDelegate = {
  findMany(args: {
    select: { id: true; name: true; slug: true };
  }): Promise<{ id: string; name: string; slug: string }[]>;
  createMany(args: { data: { id: string; name: string; slug: string }[] }): Promise<unknown>;
};

async function ensure(delegate: NamedDelegate, names: Set<string>): Promise<Map<string, string>> {
  const rows = await delegate.findMany({ select: { id: true, name: true, slug: true } });
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  const taken = new Set(rows.map((r) => r.slug));
  const fresh = [...names].filter((n) => !byName.has(n)).sort();
  const data = fresh.map((name) => ({ id: newId(), name, slug: uniqueSlug(name, taken) }));
  if (data.length > 0) await delegate.createMany({ data });
  for (const d of data) byName.set(d.name, d.id);
  return byName;
}
