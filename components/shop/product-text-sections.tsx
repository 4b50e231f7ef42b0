import { useTranslations } from "next-intl";
import type { ProductDetail } from "@/lib/catalog/queries";
import { safeHttpUrl } from "@/lib/http/safe-url";

// Description, redemption instructions and terms: upstream text, rendered as plain text (never HTML).
export function ProductTextSections({ product }: { product: ProductDetail }) {
  const t = useTranslations("product");
  const url = safeHttpUrl(product.redemptionUrl);
  return (
    <div className="mt-10 grid gap-6 md:grid-cols-2">
      {product.description ? (
        <section aria-labelledby="about-heading" className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="about-heading" className="text-lg font-semibold">
            {t("about")}
          </h2>
          <p className="mt-2 whitespace-pre-line text-slate-700">{product.description}</p>
        </section>
      ) : null}
      <section aria-labelledby="redeem-heading" className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="redeem-heading" className="text-lg font-semibold">
          {t("howToRedeem")}
        </h2>
        <p className="mt-2 whitespace-pre-line text-slate-700">
          {product.redemptionInstructions || t("instructionsWithOrder")}
        </p>
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="mt-3 inline-block font-medium text-brand-700 underline underline-offset-2"
          >
            {t("redeemOnSite")}
            <span className="sr-only"> {t("newTab")}</span>
          </a>
        ) : null}
      </section>
      {product.terms ? (
        <section
          aria-labelledby="terms-heading"
          className="rounded-xl border border-slate-200 bg-white p-5 md:col-span-2"
        >
          <h2 id="terms-heading" className="text-lg font-semibold">
            {t("terms")}
          </h2>
          <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{product.terms}</p>
        </section>
      ) : null}
    </div>
  );
}
