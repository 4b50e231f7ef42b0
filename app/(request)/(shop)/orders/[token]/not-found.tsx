import { useTranslations } from "next-intl";
import { NotFoundView } from "@/components/shop/not-found-view";

// An order link that matches no order: most often a link cut short when it was copied.
export default function OrderNotFound() {
  const t = useTranslations("notFound");
  return <NotFoundView body={t("orderBody")} />;
}
