import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ListingSection } from "../../_components/listing-section";
import { parseBrowseParams } from "@/lib/catalog/browse-params";
import { getBrandBySlug } from "@/lib/catalog/queries";
import { findBySegment } from "@/lib/catalog/route-segment";

type Props = {
  params: Promise<{ brand: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const loadBrand = cache((segment: string) => findBySegment(segment, getBrandBySlug));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const brand = await loadBrand((await params).brand);
  return { title: brand?.name ?? "Not found" };
}

export default async function BrandPage({ params, searchParams }: Props) {
  const brand = await loadBrand((await params).brand);
  if (!brand) notFound();
  const filters = { ...parseBrowseParams(await searchParams), brand: undefined };
  const path = `/b/${encodeURIComponent(brand.slug)}`;
  return (
    <ListingSection
      title={brand.name}
      intro={`All ${brand.name} cards and top-ups`}
      path={path}
      params={filters}
      scope={{ brandId: brand.id }}
      hide={["brand"]}
    />
  );
}
