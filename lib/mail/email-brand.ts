// The shop as emails show it: the name from the owner's settings (so a rename reaches emails at
// once) and APP_URL for every link.
import "server-only";
import { getShopSettings } from "@/lib/admin/settings/shop-settings";
import { env } from "@/lib/env";
import type { Brand } from "./templates/types";

/** Name and public URL for the layout; links in templates are built from `appUrl`. */
export async function getEmailBrand(): Promise<Brand> {
  const { shopName } = await getShopSettings();
  return { shopName, appUrl: env.APP_URL };
}
