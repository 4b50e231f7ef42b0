import { AdminPageHeader } from "@/app/(request)/admin/_components";
import { can } from "@/lib/auth/guards";
import {
  listPreviewSamples,
  listPricingRules,
  listRuleSamples,
  type PreviewSample,
  type PricingRuleView,
} from "@/lib/admin/pricing/list-rules";
import type { PricingRuleInput } from "@/lib/pricing/markup";
import { DeleteRuleButton } from "./delete-rule-button";
import { RuleEditor } from "./rule-editor";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";

export const metadata = { title: "Pricing" };

const scopeLabel: Record<string, string> = {
  global: "Every product",
  product_type: "Product type",
  brand: "Brand",
  sku: "SKU",
};
const roundingLabel = (r: string) =>
  r === "none" ? "to the cent" : r === "whole" ? "whole units" : `ends in ${r.slice(1)}`;

// Markup rules, most general first; the most specific matching rule prices a product.
export default async function AdminPricingPage() {
  const user = await guardAdminPage("/admin/pricing");
  const [rules, samples] = await Promise.all([listPricingRules(), listPreviewSamples()]);
  const ownSamples = await Promise.all(rules.map((r) => listRuleSamples(r)));
  const canWrite = can(user, "pricing.write");
  // Strings are valid decimal values for the pure pricing functions (and serialisable).
  const inputs = rules as unknown as PricingRuleInput[];
  const toPreview = (list: PreviewSample[]) =>
    list.map((s) => ({
      itemCode: s.itemCode,
      productType: s.productType,
      brandName: s.brandName,
      chargedPrice: s.chargedPrice,
    }));
  const previewSamples = toPreview(samples);
  // An existing scoped rule previews its own products first, then the spread of the catalog.
  const samplesFor = (i: number) =>
    toPreview(
      [...ownSamples[i], ...samples.filter((s) => !ownSamples[i].some((o) => o.itemCode === s.itemCode))].slice(0, 10),
    );
  const draftOf = (r: PricingRuleView) => ({
    id: r.id,
    scope: r.scope,
    key: r.key,
    markupPercent: r.markupPercent,
    fixedFee: r.fixedFee,
    rounding: r.rounding,
    minMarginPercent: r.minMarginPercent,
    minMarginAmount: r.minMarginAmount,
  });

  return (
    <>
      <AdminPageHeader
        title="Pricing"
        description="Shop price = upstream cost × (1 + markup %) + fixed fee, rounded up, and never below cost + minimum margin. A SKU rule beats a brand rule, which beats a product-type rule, which beats the global rule. Saving reprices the whole catalog."
      />
      {canWrite ? null : (
        <p className="mb-3 text-sm text-slate-600">Your role can view the rules but not change them.</p>
      )}
      <ul className="space-y-3">
        {rules.map((r, i) => (
          <li key={r.id} className="rounded-lg border border-slate-200 bg-white">
            <details>
              <summary className="flex cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
                <span className="font-semibold text-slate-900">
                  {scopeLabel[r.scope] ?? r.scope}
                  {r.key ? `: ${r.key}` : ""}
                </span>
                <span>markup {r.markupPercent} %</span>
                <span>fee {r.fixedFee}</span>
                <span>{roundingLabel(r.rounding)}</span>
                <span>
                  min margin {r.minMarginPercent} % / {r.minMarginAmount}
                </span>
                <span className="ml-auto text-xs text-slate-500">edit</span>
              </summary>
              <div className="border-t border-slate-100 p-3">
                <RuleEditor initial={draftOf(r)} rules={inputs} samples={samplesFor(i)} canWrite={canWrite} />
                {canWrite && r.scope !== "global" ? (
                  <div className="mt-2 text-right">
                    <DeleteRuleButton id={r.id} label={`${scopeLabel[r.scope]} ${r.key}`} />
                  </div>
                ) : null}
              </div>
            </details>
          </li>
        ))}
      </ul>
      {canWrite ? (
        <section className="mt-8" aria-labelledby="new-rule">
          <h2 id="new-rule" className="mb-2 text-lg font-semibold">
            New rule
          </h2>
          <RuleEditor
            initial={{
              scope: "brand",
              key: "",
              markupPercent: "10",
              fixedFee: "0",
              rounding: "none",
              minMarginPercent: "2",
              minMarginAmount: "0.25",
            }}
            rules={inputs}
            samples={previewSamples}
            canWrite={canWrite}
          />
        </section>
      ) : null}
    </>
  );
}
