// A product family's page (/f/steam-game-card?region=EU&value=20): one brand's product, with
// the region and the value as choices kept in the URL. Without a region, the shopper's own.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { verifyAccountAction } from "@/lib/orders/checkout/checkout-actions";
import { FamilyView } from "@/components/shop/family-view";
import { countriesFromHeaders, parseFamilyParams } from "@/lib/catalog/family-params";
import { getProductTypeLabel } from "@/lib/catalog/product-types";
import { readFamilyPage } from "@/lib/catalog/queries";
import { decodeSegment } from "@/lib/catalog/route-segment";

type Props = {
  params: Promise<{ family: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const loadFamily = cache(async (segment: string, region?: string, value?: string, item?: string) => {
  const preferredCountries = region ? [] : countriesFromHeaders(await headers());
  return readFamilyPage(decodeSegment(segment), { region, value, item, preferredCountries });
});

async function load({ params, searchParams }: Props) {
  const p = parseFamilyParams(await searchParams);
  return loadFamily((await params).family, p.region, p.value, p.item);
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const page = await load(props);
  if (!page) return { title: "Product not found" };
  return {
    title: `${page.name} ${getProductTypeLabel(page.productType)}`,
    description: page.selected?.description.slice(0, 160) ?? `${page.name}: choose a region and a value.`,
    alternates: { canonical: `/f/${encodeURIComponent(page.slug)}` },
  };
}

export default async function FamilyPageRoute(props: Props) {
  const page = await load(props);
  if (!page) notFound();
  return <FamilyView page={page} verify={verifyAccountAction} />;
}
