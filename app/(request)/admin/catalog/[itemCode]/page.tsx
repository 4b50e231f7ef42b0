import { notFound } from "next/navigation";
import Link from "next/link";
import { AdminPageHeader, DataTable, type Column } from "@/app/(request)/admin/_components";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";
import { Badge } from "@/components/ui/badge";
import { can } from "@/lib/auth/guards";
import { loadProductOffers } from "@/lib/admin/catalog/product-offers";
import { listSupplierConfigs, MAIN_SUPPLIER } from "@/lib/upstream";
import { LinkOfferFormView, UnlinkButton } from "./offer-forms";

export const metadata = { title: "Product offers" };

type View = NonNullable<Awaited<ReturnType<typeof loadProductOffers>>>;
type Row = View["offers"][number];

// One product's offers per supplier (docs/suppliers.md#owners-links): staff see them, owners link
// and unlink them.
export default async function AdminProductOffersPage({ params }: { params: Promise<{ itemCode: string }> }) {
  const user = await guardAdminPage("/admin/catalog/[itemCode]");
  const view = await loadProductOffers(decodeURIComponent((await params).itemCode));
  if (!view) notFound();
  const { product, offers } = view;
  const canLink = can(user, "settings.write");
  const others = listSupplierConfigs()
    .map((s) => s.name)
    .filter((n) => n !== MAIN_SUPPLIER);

  const columns: Column<Row>[] = [
    { key: "supplier", header: "Supplier", cell: (r) => r.supplier },
    { key: "code", header: "Item code", cell: (r) => <span className="font-mono text-xs">{r.itemCode}</span> },
    { key: "cost", header: "Cost", cell: (r) => `${r.unitCost} ${r.currency}`, className: "text-right tabular-nums" },
    {
      key: "stock",
      header: "Stock",
      cell: (r) => (r.inStock ? <Badge tone="success">in stock</Badge> : <Badge>out of stock</Badge>),
    },
    { key: "placed", header: "Placed", cell: (r) => (r.placedBy === "hand" ? "linked by hand" : "by key") },
    {
      key: "unlink",
      header: "",
      cell: (r) =>
        canLink && r.supplier !== MAIN_SUPPLIER && product.itemCode !== `${r.supplier}-${r.itemCode}` ? (
          <UnlinkButton supplier={r.supplier} itemCode={r.itemCode} />
        ) : null,
    },
  ];

  return (
    <>
      <AdminPageHeader
        title={product.productName}
        description={`${product.itemCode} · ${product.brandName} · ${product.faceValue} ${product.currency} · ${product.region}${product.source === MAIN_SUPPLIER ? "" : ` · sold first by ${product.source} alone`}`}
      />
      <p className="mb-3 text-sm">
        <Link href="/admin/catalog" className="text-brand-700 hover:underline">
          ← Catalog
        </Link>{" "}
        · {product.listed ? "listed" : "not listed"} · {product.inStock ? "in stock" : "out of stock"}
      </p>
      <DataTable
        caption="Offers of this product"
        columns={columns}
        rows={offers}
        rowKey={(r) => `${r.supplier}:${r.itemCode}`}
        empty="No supplier offers this product (a shop with one supplier stores no offers)."
      />
      {canLink && others.length > 0 ? (
        <section className="mt-6">
          <h2 className="mb-2 text-sm font-semibold">Link another supplier&apos;s offer into this product</h2>
          <LinkOfferFormView productCode={product.itemCode} suppliers={others} />
        </section>
      ) : (
        <p className="mt-4 text-sm text-slate-600">Only owners link and unlink offers.</p>
      )}
    </>
  );
}
