import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ListingSection } from "../../_components/listing-section";
import { parseBrowseParams } from "@/lib/catalog/browse-params";
import { isShopperProductType, productTypeLabels } from "@/lib/catalog/product-types";

type Props = {
  params: Promise<{ type: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { type } = await params;
  return { title: isShopperProductType(type) ? productTypeLabels[type] : "Not found" };
}

export default async function ProductTypePage({ params, searchParams }: Props) {
  const { type } = await params;
  if (!isShopperProductType(type)) notFound();
  const filters = { ...parseBrowseParams(await searchParams), type: undefined };
  return (
    <ListingSection
      title={productTypeLabels[type]}
      path={`/t/${type}`}
      params={filters}
      scope={{ productType: type }}
      hide={["type"]}
    />
  );
}
