import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

/** The title of a catalog page whose product, family, category, brand or type does not exist, in its language. */
export async function notFoundMetadata(lang: string): Promise<Metadata> {
  const t = await getTranslations({ locale: lang, namespace: "site" });
  return { title: t("notFoundTitle") };
}
