// The owner's links (docs/suppliers.md#owners-links): link another supplier's offer (chosen by
// supplier and item code) into a product, or unlink it into a product of its own. Owners only,
// zod-validated, audited with the placement before and after, and written on condition that the
// offer is still where the owner saw it. The offer is read from its supplier first (one catalog
// call for that item code), so a link is checked on what the supplier sells now. Refused: main's
// offers (each is its own product), a second offer of one supplier in one product, and a product
// of another face value or currency unless the owner confirms it.
import "server-only";
import { runStaffAction } from "@/lib/admin/staff-action";
import { recordAudit } from "@/lib/audit/record";
import { ownProductCode } from "@/lib/catalog/offers/match";
import { applyOfferStock } from "@/lib/catalog/offers/offer-stock";
import { writeOwnProducts } from "@/lib/catalog/offers/own-products";
import { db, Prisma } from "@/lib/db";
import type { ActionState } from "@/lib/errors";
import { getUpstream, MAIN_SUPPLIER, type UpstreamProduct } from "@/lib/upstream";
import { findSupplierConfig } from "@/lib/upstream/suppliers";
import { linkOfferSchema, unlinkOfferSchema } from "./offer-link-schema";

type Placement = { productCode: string; byHand: boolean } | null;

/** The supplier's row for this item code now, or a refusal. */
async function readRow(supplier: string, itemCode: string): Promise<UpstreamProduct | string> {
  if (supplier === MAIN_SUPPLIER) return "Main's offers are their own products; link another supplier's offer.";
  if (!findSupplierConfig(supplier)) return "No such supplier is configured.";
  const page = await getUpstream(supplier).catalog({ itemId: itemCode, includeTest: true, perPage: 1 });
  return page.products.find((p) => p.itemCode === itemCode) ?? `Supplier ${supplier} does not list ${itemCode}.`;
}

/** Moves the offer where `to` says, only if it is still at `from`; creates it when it was never stored. */
async function place(supplier: string, row: UpstreamProduct, from: Placement, productCode: string): Promise<boolean> {
  const key = { supplier, itemCode: row.itemCode };
  if (from === null) {
    try {
      await db.offer.create({
        data: {
          ...key,
          productCode,
          byHand: true,
          unitCost: new Prisma.Decimal(row.chargedPrice),
          currency: row.currency,
          inStock: row.inStock && row.isActive,
        },
      });
      return true;
    } catch (err) {
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return false;
      throw err;
    }
  }
  const moved = await db.offer.updateMany({
    where: { ...key, productCode: from.productCode, byHand: from.byHand },
    data: { productCode, byHand: true },
  });
  return moved.count === 1;
}

const changedMeanwhile: ActionState = {
  ok: false,
  message: "That offer was moved meanwhile (by the sync or another owner); reload and try again.",
};

export async function linkOffer(input: unknown): Promise<ActionState> {
  return runStaffAction("settings.write", linkOfferSchema, input, async (actor, data) => {
    const product = await db.product.findUnique({
      where: { itemCode: data.productCode },
      select: { itemCode: true, faceValue: true, currency: true },
    });
    if (!product) return { ok: false, message: "That product no longer exists." };
    const row = await readRow(data.supplier, data.itemCode);
    if (typeof row === "string") return { ok: false, message: row };
    const before = await db.offer.findUnique({
      where: { supplier_itemCode: { supplier: data.supplier, itemCode: data.itemCode } },
      select: { productCode: true, byHand: true },
    });
    if (before?.productCode === product.itemCode)
      return { ok: true, message: "That offer is already in this product." };
    const sibling = await db.offer.findFirst({
      where: { productCode: product.itemCode, supplier: data.supplier },
      select: { itemCode: true },
    });
    if (sibling)
      return {
        ok: false,
        message: `This product already has ${data.supplier}'s offer ${sibling.itemCode}: one offer per supplier in a product.`,
      };
    const sameValue =
      new Prisma.Decimal(row.faceValue).equals(product.faceValue) &&
      row.currency.trim().toUpperCase() === product.currency.trim().toUpperCase();
    if (!sameValue && !data.confirm)
      return {
        ok: false,
        message: `That offer is ${row.faceValue} ${row.currency} and this product ${product.faceValue.toFixed()} ${product.currency}: confirm to link them anyway.`,
        fieldErrors: { confirm: ["Confirm a link across face values or currencies."] },
      };
    if (!(await place(data.supplier, row, before, product.itemCode))) return changedMeanwhile;
    await recordAudit({
      actor,
      action: "offer.link",
      targetType: "offer",
      targetId: `${data.supplier}:${data.itemCode}`,
      before,
      after: { productCode: product.itemCode, byHand: true },
    });
    await applyOfferStock([product.itemCode, ...(before ? [before.productCode] : [])]);
    return { ok: true, message: `${data.supplier}'s ${data.itemCode} is now sold as ${product.itemCode}.` };
  });
}

export async function unlinkOffer(input: unknown): Promise<ActionState> {
  return runStaffAction("settings.write", unlinkOfferSchema, input, async (actor, data) => {
    const before = await db.offer.findUnique({
      where: { supplier_itemCode: { supplier: data.supplier, itemCode: data.itemCode } },
      select: { productCode: true, byHand: true },
    });
    if (!before) return { ok: false, message: "No such offer is stored." };
    const own = ownProductCode(data);
    if (before.productCode === own) return { ok: true, message: "That offer is already a product of its own." };
    const row = await readRow(data.supplier, data.itemCode);
    if (typeof row === "string") return { ok: false, message: row };
    const { refused } = await writeOwnProducts(data.supplier, [{ code: own, row }], new Date());
    if (refused.length > 0) return { ok: false, message: `The code ${own} is taken by another product.` };
    if (!(await place(data.supplier, row, before, own))) return changedMeanwhile;
    await recordAudit({
      actor,
      action: "offer.unlink",
      targetType: "offer",
      targetId: `${data.supplier}:${data.itemCode}`,
      before,
      after: { productCode: own, byHand: true },
    });
    await applyOfferStock([own, before.productCode]);
    return { ok: true, message: `${data.supplier}'s ${data.itemCode} is now a product of its own, ${own}.` };
  });
}
