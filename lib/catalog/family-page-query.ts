// The family page read: a family's regions, the values of the chosen region, the SKU(s) of the
// chosen value, and that SKU's details. A pure function of (catalog, selection): the shopper's
// preferred countries (for the default region) come in with the selection.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { isOfferActive } from "@/lib/pricing/markup";
import type { ProductOffer } from "@/lib/markets/offer";
import { offeredProductWhere } from "./catalog-where";
import { decodeCountryCodes } from "./family";
import { getProductDetail, type ProductDetail } from "./product-page-query";
import { summarySelect, toProductSummary, type ProductSummary } from "./product-summary";
import { chooseDefaultRegion, getRegionLabel } from "./regions";

export type FamilySelection = {
  region?: string;
  value?: string;
  item?: string;
  preferredCountries?: string[];
  /** The products the page's market offers (docs/markets.md#the-products-a-market-offers); absent: all. */
  offer?: ProductOffer;
};
export type RegionChoice = {
  region: string;
  label: string;
  currencies: string[];
  fromPrice: string;
  inStock: boolean;
  valueCount: number;
};
export type ValueChoice = {
  value: string;
  unit: string;
  fromPrice: string;
  inStock: boolean;
  offerPercent: string | null;
  editions: number;
};

export type FamilyPage = {
  slug: string;
  name: string;
  brandName: string;
  brandSlug: string;
  productType: string;
  imageKey: string;
  /** Direct top-up: the account is entered first, then the amount. */
  isTopup: boolean;
  priceCurrency: string;
  regions: RegionChoice[];
  region: string;
  values: ValueChoice[];
  /** The chosen face value ("20"), null before one is chosen (top-ups start without one). */
  value: string | null;
  /** The SKUs of the chosen value (more than one only when the upstream sells editions of it). */
  editions: ProductSummary[];
  selected: ProductDetail | null;
  /** The SKU whose required fields the account step uses (the selected one, else the region's first). */
  accountItemCode: string;
  accountFieldsJson: string;
};

type RegionAgg = {
  region: string;
  currencies: Set<string>;
  countries: Set<string>;
  min: Prisma.Decimal;
  count: number;
};

async function loadRegions(family: Prisma.ProductWhereInput): Promise<{ regions: RegionAgg[]; stocked: Set<string> }> {
  const rows = await db.product.groupBy({
    by: ["region", "currency", "countryCodes"],
    where: family,
    _min: { shopPrice: true },
    _count: { _all: true },
  });
  const byRegion = new Map<string, RegionAgg>();
  for (const r of rows) {
    const agg = byRegion.get(r.region) ?? {
      region: r.region,
      currencies: new Set(),
      countries: new Set(),
      min: r._min.shopPrice!,
      count: 0,
    };
    agg.currencies.add(r.currency);
    for (const c of decodeCountryCodes(r.countryCodes)) agg.countries.add(c);
    if (r._min.shopPrice && r._min.shopPrice.lessThan(agg.min)) agg.min = r._min.shopPrice;
    agg.count += r._count._all;
    byRegion.set(r.region, agg);
  }
  const stocked = await db.product.groupBy({ by: ["region"], where: { AND: [family, { inStock: true }] } });
  return {
    regions: [...byRegion.values()].sort((a, b) => a.region.localeCompare(b.region)),
    stocked: new Set(stocked.map((s) => s.region)),
  };
}

async function loadValues(inRegion: Prisma.ProductWhereInput, now: Date): Promise<ValueChoice[]> {
  const rows = await db.product.groupBy({
    by: ["faceValue", "denominationUnit"],
    where: inRegion,
    _min: { shopPrice: true },
    _count: { _all: true },
  });
  const stocked = await db.product.groupBy({ by: ["faceValue"], where: { AND: [inRegion, { inStock: true }] } });
  const offers = await db.product.findMany({
    where: { AND: [inRegion, { isOffer: true }] },
    select: { faceValue: true, isOffer: true, offerPercent: true, offerExpiresDate: true },
    take: 500,
  });
  const inStock = new Set(stocked.map((s) => s.faceValue.toString()));
  const offerOf = new Map<string, string>();
  for (const o of offers) {
    if (!isOfferActive(o, now)) continue;
    const key = o.faceValue.toString();
    const percent = o.offerPercent?.toString() ?? "";
    if (!offerOf.has(key) || Number(percent) > Number(offerOf.get(key))) offerOf.set(key, percent);
  }
  return rows
    .sort((a, b) => a.faceValue.comparedTo(b.faceValue) || a.denominationUnit.localeCompare(b.denominationUnit))
    .map((r) => ({
      value: r.faceValue.toString(),
      unit: r.denominationUnit,
      fromPrice: (r._min.shopPrice ?? new Prisma.Decimal(0)).toFixed(2),
      inStock: inStock.has(r.faceValue.toString()),
      offerPercent: offerOf.get(r.faceValue.toString()) ?? null,
      editions: r._count._all,
    }));
}

/** A value from the URL, matched as a decimal ("20", "20.0" and "020" are the same value). */
function matchValue(values: ValueChoice[], raw: string | undefined): ValueChoice | undefined {
  if (!raw || !/^\d{1,12}(\.\d{1,4})?$/.test(raw)) return undefined;
  const wanted = new Prisma.Decimal(raw);
  return values.find((v) => wanted.equals(v.value));
}

function hasRequiredFields(json: string): boolean {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) && parsed.length > 0;
  } catch {
    return false;
  }
}

const maxEditions = 24;

/** The SKUs of one value, by item code (at most 24, plus the one the URL asks for if it is further down). */
async function loadEditions(
  inRegion: Prisma.ProductWhereInput,
  value: string,
  item: string | undefined,
  now: Date,
): Promise<ProductSummary[]> {
  const ofValue: Prisma.ProductWhereInput = { AND: [inRegion, { faceValue: new Prisma.Decimal(value) }] };
  const rows = await db.product.findMany({
    where: ofValue,
    orderBy: { itemCode: "asc" },
    take: maxEditions,
    select: summarySelect,
  });
  if (item && !rows.some((r) => r.itemCode === item)) {
    const asked = await db.product.findFirst({ where: { AND: [ofValue, { itemCode: item }] }, select: summarySelect });
    if (asked) rows.push(asked);
  }
  return rows.map((r) => toProductSummary(r, now));
}

/** Null when the family has no visible SKU: the page answers 404. */
export async function getFamilyPage(
  slug: string,
  sel: FamilySelection = {},
  now: Date = new Date(),
): Promise<FamilyPage | null> {
  const family: Prisma.ProductWhereInput = { AND: [offeredProductWhere(sel.offer), { familySlug: slug }] };
  const { regions, stocked } = await loadRegions(family);
  if (regions.length === 0) return null;
  const asked = regions.find((r) => r.region.toLowerCase() === sel.region?.trim().toLowerCase());
  const region =
    asked?.region ??
    chooseDefaultRegion(
      regions.map((r) => ({ region: r.region, countries: [...r.countries], skuCount: r.count })),
      sel.preferredCountries ?? [],
    )!;
  const inRegion: Prisma.ProductWhereInput = { AND: [family, { region }] };
  const head = await db.product.findFirst({
    where: inRegion,
    orderBy: { itemCode: "asc" },
    select: {
      itemCode: true,
      familyName: true,
      brandName: true,
      productType: true,
      imageKey: true,
      requiredFields: true,
      brand: { select: { slug: true } },
    },
  });
  if (!head) return null;
  const isTopup = head.productType === "direct_top_up" || hasRequiredFields(head.requiredFields);
  const values = await loadValues(inRegion, now);
  const value = matchValue(values, sel.value) ?? (isTopup ? undefined : (values.find((v) => v.inStock) ?? values[0]));
  const editions = value ? await loadEditions(inRegion, value.value, sel.item, now) : [];
  const chosen = editions.find((e) => e.itemCode === sel.item) ?? editions.find((e) => e.inStock) ?? editions[0];
  const selected = chosen ? await getProductDetail(chosen.itemCode, now) : null;
  return {
    slug,
    name: head.familyName,
    brandName: head.brandName,
    brandSlug: head.brand.slug,
    productType: head.productType,
    imageKey: selected?.imageKey || head.imageKey,
    isTopup,
    priceCurrency: env.SHOP_CURRENCY,
    regions: regions.map((r) => ({
      region: r.region,
      label: getRegionLabel(r.region),
      currencies: [...r.currencies].sort(),
      fromPrice: r.min.toFixed(2),
      inStock: stocked.has(r.region),
      valueCount: r.count,
    })),
    region,
    values,
    value: value?.value ?? null,
    editions,
    selected,
    accountItemCode: selected?.itemCode ?? head.itemCode,
    accountFieldsJson: selected?.requiredFieldsJson ?? head.requiredFields,
  };
}

/** A SKU's own page: its family page with the SKU's region, value and edition chosen; null where its market does not offer it. */
export async function getSkuPage(
  itemCode: string,
  now: Date = new Date(),
  offer?: ProductOffer,
): Promise<FamilyPage | null> {
  const sku = await db.product.findFirst({
    where: { AND: [offeredProductWhere(offer), { itemCode }] },
    select: { itemCode: true, familySlug: true, region: true, faceValue: true },
  });
  if (!sku) return null;
  const page = await getFamilyPage(
    sku.familySlug,
    { region: sku.region, value: sku.faceValue.toString(), item: sku.itemCode, offer },
    now,
  );
  return page?.selected?.itemCode === sku.itemCode ? page : null;
}
