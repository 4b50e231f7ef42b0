// Staff flags on a product (shown in the shop or hidden, featured or not). They live only in
// the shop's database: the upstream is never told.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { commitCatalogChange } from "@/lib/catalog/catalog-version";
import { notifyCatalogChanged } from "@/lib/catalog/cache/page-invalidation";
import { productScopes } from "@/lib/catalog/scopes";
import { recordAudit } from "@/lib/audit/record";
import type { ActionState } from "@/lib/errors";
import { runStaffAction } from "@/lib/admin/staff-action";

export const productFlagsSchema = z
  .object({
    productId: z.string().min(1).max(64),
    hidden: z.boolean().optional(),
    featured: z.boolean().optional(),
  })
  .strict()
  .refine((v) => v.hidden !== undefined || v.featured !== undefined, { message: "Nothing to change." });
export type ProductFlags = z.infer<typeof productFlagsSchema>;

/** Sets hidden and/or featured on one product, audited with the flags before and after. */
export async function updateProductFlags(input: unknown): Promise<ActionState> {
  return runStaffAction("catalog.write", productFlagsSchema, input, async (actor, data) => {
    const before = await db.product.findUnique({
      where: { id: data.productId },
      select: { itemCode: true, hidden: true, featured: true },
    });
    if (!before) return { ok: false, message: "That product no longer exists." };
    const after = await db.$transaction(async (tx) => {
      const { productType, brandId, categoryId, familySlug, ...row } = await tx.product.update({
        where: { id: data.productId },
        data: { hidden: data.hidden, featured: data.featured },
        select: {
          itemCode: true,
          hidden: true,
          featured: true,
          productType: true,
          brandId: true,
          categoryId: true,
          familySlug: true,
        },
      });
      // Shown at once on every instance: the listings of its type, brand, category and family.
      await commitCatalogChange(tx, productScopes({ productType, brandId, categoryId, familySlug }));
      return row;
    });
    await notifyCatalogChanged();
    await recordAudit({
      actor,
      action: "catalog.flags",
      targetType: "product",
      targetId: data.productId,
      before,
      after,
    });
    const words = [
      after.hidden ? "hidden from the shop" : "shown in the shop",
      after.featured ? "featured" : "not featured",
    ];
    return { ok: true, message: `${after.itemCode} is ${words.join(" and ")}.` };
  });
}
