// Which shop product a supplier's offer is (docs/suppliers.md#matching): offers of the same brand,
// product type, region, face value and face-value currency are one product, whichever supplier
// sells them and whatever item code each gives it. A product keeps its identity (and so its URL)
// as offers come and go: a new offer joins the product that already has its key, and a product
// whose offers all left stays, out of stock. The owner's hand-made links win over the key: a link
// puts an offer in a chosen product, an unlink keeps it in a product of its own. Pure.
import { Decimal } from "@/lib/pricing/decimal";

export type OfferFacts = {
  supplier: string;
  itemCode: string;
  brandName: string;
  productType: string;
  region: string;
  faceValue: Decimal.Value;
  currency: string;
};

/** An offer's identity: a supplier's item code. */
export const offerRef = (o: Pick<OfferFacts, "supplier" | "itemCode">) => `${o.supplier}:${o.itemCode}`;

/**
 * The code (and so the URL, `/p/<code>`) of a product another supplier alone sells: its item code
 * there behind the supplier's name, `b-STEAM-20`. Fixed when the product is created and never
 * changed, whoever sells it later (docs/suppliers.md#products-of-another-supplier-alone).
 */
export const ownProductCode = (o: Pick<OfferFacts, "supplier" | "itemCode">) => `${o.supplier}-${o.itemCode}`;

/** Letters and digits only, lowercase: "Steam", "STEAM " and "steam." are one brand. */
const words = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

/** The key offers of one product share. */
export function matchKey(o: OfferFacts): string {
  return [
    words(o.brandName),
    o.productType.trim().toLowerCase(),
    o.region.trim().toUpperCase(),
    new Decimal(o.faceValue).toFixed(),
    o.currency.trim().toUpperCase(),
  ].join("|");
}

export type ExistingProduct = { id: string; matchKey: string };
export type OwnerLinks = {
  /** Offer → the product the owner put it in. */
  linked: ReadonlyMap<string, string>;
  /** Offers the owner took out of their matched product: each stays a product of its own. */
  unlinked: ReadonlySet<string>;
};

export type Placement = { offer: string } & ({ productId: string } | { newProductKey: string });

const noLinks: OwnerLinks = { linked: new Map(), unlinked: new Set() };

/**
 * Where each offer belongs: an existing product's id, or the key of a product to create (offers
 * that share it go in one new product). An unlinked offer's own key is its reference, so it never
 * joins another product by key; a link to a product that no longer exists falls back to the key.
 * A key that several products share places nothing by itself (docs/suppliers.md#matching).
 */
export function placeOffers(
  products: readonly ExistingProduct[],
  offers: readonly OfferFacts[],
  links: OwnerLinks = noLinks,
): Placement[] {
  const ids = new Set(products.map((p) => p.id));
  const byKey = new Map<string, string[]>();
  for (const p of products) byKey.set(p.matchKey, [...(byKey.get(p.matchKey) ?? []), p.id]);
  return offers.map((o) => {
    const ref = offerRef(o);
    const linked = links.linked.get(ref);
    if (linked !== undefined && ids.has(linked)) return { offer: ref, productId: linked };
    const key = links.unlinked.has(ref) ? `offer|${ref}` : matchKey(o);
    const sharing = byKey.get(key) ?? [];
    if (sharing.length === 1) return { offer: ref, productId: sharing[0] };
    // Several products the key cannot tell apart: only the same item code is the same product;
    // anything else stays a product of its own until the owner links it.
    if (sharing.length > 1)
      return sharing.includes(o.itemCode)
        ? { offer: ref, productId: o.itemCode }
        : { offer: ref, newProductKey: `offer|${ref}` };
    return { offer: ref, newProductKey: key };
  });
}
