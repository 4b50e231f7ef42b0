import { ShopChrome } from "@/components/shop/shop-chrome";

export default ShopChrome;
