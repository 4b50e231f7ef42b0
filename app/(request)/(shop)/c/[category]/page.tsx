import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ListingSection } from "../../_components/listing-section";
import { parseBrowseParams } from "@/lib/catalog/browse-params";
import { getCategoryBySlug } from "@/lib/catalog/queries";
import { findBySegment } from "@/lib/catalog/route-segment";

type Props = {
  params: Promise<{ category: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const loadCategory = cache((segment: string) => findBySegment(segment, getCategoryBySlug));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const category = await loadCategory((await params).category);
  return { title: category?.name ?? "Not found" };
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const category = await loadCategory((await params).category);
  if (!category) notFound();
  const filters = parseBrowseParams(await searchParams);
  const path = `/c/${encodeURIComponent(category.slug)}`;
  return <ListingSection title={category.name} path={path} params={filters} scope={{ categoryId: category.id }} />;
}
