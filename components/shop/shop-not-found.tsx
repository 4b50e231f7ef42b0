import { NotFoundView } from "@/components/shop/not-found-view";

// notFound() from a storefront page (unknown product, category, brand or type), inside the shop layout.
export function ShopNotFound() {
  return <NotFoundView />;
}
