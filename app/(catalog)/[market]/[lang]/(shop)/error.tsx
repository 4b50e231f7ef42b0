"use client";
import { ShopError } from "@/components/shop/shop-error";

export default ShopError;
