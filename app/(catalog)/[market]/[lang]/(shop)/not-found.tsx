import { ShopNotFound } from "@/components/shop/shop-not-found";

// notFound() from a storefront page (unknown product, category, brand or type), inside the shop chrome.
export default ShopNotFound;
