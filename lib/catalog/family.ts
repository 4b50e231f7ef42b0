// Product families: what one storefront tile stands for. A family is a brand's product of one
// type ("Steam" game cards, "PUBG Mobile" top-ups); its region/currency and its value are the
// choices on the family page. Derived from the upstream row alone (pure), so the sync, the
// backfill of old rows and test fixtures all agree. The rules are written down in
// docs/storefront.md#product-families.
import { createHash } from "node:crypto";
import { slugify } from "./slug";

export type FamilySource = { brand: string; productType: string; productFamily: string | null; region: string };
export type FamilyIdentity = { familyName: string; familySlug: string };

const separators = /[\s\-–—/|:,(]+$/;

/**
 * The family label: `product_family` when the upstream sends one, minus a trailing region
 * ("Steam US", "Steam (EU)", "Steam - UK" → "Steam"), because the region is a choice on the
 * family page and must not split the tile; else the brand. A label that does not name the brand
 * is prefixed with it ("Wallet Card" → "Steam Wallet Card") so two brands never share a family.
 */
export function deriveFamilyName(p: Omit<FamilySource, "productType">): string {
  const brand = p.brand.trim();
  let label = (p.productFamily ?? "").trim();
  const region = p.region.trim();
  if (label && region) {
    const escaped = region.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    // The region must stand as its own word ("Bonus" keeps its "us").
    label = label
      .replace(new RegExp(`(^|[\\s\\-–—/|:,(]+)\\(?${escaped}\\)?$`, "i"), "")
      .replace(separators, "")
      .trim();
  }
  if (!label || label.toLowerCase() === brand.toLowerCase()) return brand;
  return label.toLowerCase().includes(brand.toLowerCase()) ? label : `${brand} ${label}`;
}

/** URL slug of a family: its name and product type ("steam-game-card"); stable across syncs. */
export function deriveFamilySlug(familyName: string, productType: string): string {
  const base = slugify(familyName);
  // A name with no Latin letters or digits (e.g. only CJK) slugifies to "item": use a hash instead.
  const name =
    base === "item" && !/item/i.test(familyName)
      ? `f-${createHash("sha256").update(familyName).digest("hex").slice(0, 10)}`
      : base;
  return `${name}-${slugify(productType.replace(/_/g, " "))}`;
}

/** Family columns for a product row. */
export function deriveFamily(p: FamilySource): FamilyIdentity {
  const familyName = deriveFamilyName(p);
  return { familyName, familySlug: deriveFamilySlug(familyName, p.productType) };
}

/** Short content key of an image URL: the image route's path segment (see lib/images). */
export function imageKeyOf(imageUrl: string): string {
  return imageUrl ? createHash("sha256").update(imageUrl).digest("base64url").slice(0, 16) : "";
}

/** Countries as one "|US|GB|" value (sorted, de-duplicated), for family counts per country. */
export function encodeCountryCodes(codes: string[]): string {
  const list = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))].sort();
  return list.length ? `|${list.join("|")}|` : "";
}

/** The inverse of encodeCountryCodes. */
export function decodeCountryCodes(value: string): string[] {
  return value.split("|").filter(Boolean);
}
