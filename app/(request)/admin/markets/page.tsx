import { AdminPageHeader } from "@/app/(request)/admin/_components";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";
import { env } from "@/lib/env";
import { listMarketsForAdmin } from "@/lib/admin/markets/list-markets";
import type { Market } from "@/lib/markets/market";
import { EnableMarketButton } from "./enable-button";
import { MarketEditor, type MarketDraft } from "./market-editor";

export const metadata = { title: "Markets" };

function draftOf(m: Market): MarketDraft {
  return {
    id: m.id,
    slug: m.slug,
    name: m.name,
    countries: m.countries.join(", "),
    currency: m.currency,
    defaultLanguage: m.defaultLanguage,
    otherLanguages: m.languages.slice(1),
    rateSource: m.rateSource,
    manualRate: m.manualRate.toString(),
    rateMaxAgeHours: String(m.rateMaxAgeHours),
    fxBufferPercent: m.fxBufferPercent.toString(),
    priceAdjustmentPercent: m.priceAdjustmentPercent?.toString() ?? "",
    roundingKind: m.rounding.kind,
    roundingValue: m.rounding.kind === "none" ? "" : m.rounding.value.toString(),
    productRegions: m.productRegions?.join(", ") ?? "",
    enabled: m.enabled,
    isDefault: m.isDefault,
    position: String(m.position),
  };
}

const rounding = (m: Market) =>
  m.rounding.kind === "none"
    ? "smallest unit"
    : m.rounding.kind === "up-to-step"
      ? `up to ${m.rounding.value.toString()}`
      : `ending ${m.rounding.value.toFixed(2)}`;

// Markets (owners only): the countries served in one currency and its languages, with its rate and price points.
export default async function AdminMarketsPage() {
  await guardAdminPage("/admin/markets");
  const entries = await listMarketsForAdmin();
  const wallet = env.SHOP_CURRENCY;
  const blank: MarketDraft = {
    slug: "",
    name: "",
    countries: "",
    currency: "",
    defaultLanguage: "en",
    otherLanguages: [],
    rateSource: "manual",
    manualRate: "",
    rateMaxAgeHours: "48",
    fxBufferPercent: "2",
    priceAdjustmentPercent: "",
    roundingKind: "none",
    roundingValue: "",
    productRegions: "",
    enabled: true,
    isDefault: false,
    position: String((entries.length + 1) * 10),
  };
  return (
    <>
      <AdminPageHeader
        title="Markets"
        description={`A market is the countries served in one currency and its languages. Prices are the ${wallet} sale price × the rate × (1 + FX buffer %) × (1 + adjustment %), rounded up to the market's price points, and never below cost + minimum margin at that rate. One market is the default: it sells in ${wallet} and cannot be disabled.`}
      />
      <ul className="space-y-3">
        {entries.map(({ market: m, demoRate }) => (
          <li key={m.id} className="rounded-lg border border-slate-200 bg-white">
            <details>
              <summary className="flex cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
                <span className="font-semibold text-slate-900">
                  {m.name} <span className="font-mono text-xs text-slate-500">/{m.slug}</span>
                </span>
                <span>{m.currency}</span>
                <span>{m.languages.join(", ")}</span>
                <span>{m.countries.join(", ") || "no countries"}</span>
                <span>
                  {m.rateSource === "manual" ? `rate ${m.manualRate.toString()}` : "rate from the feed"}
                  {demoRate ? <strong className="ml-1 text-amber-800">(demo rate: set a real one)</strong> : null}
                </span>
                <span>{rounding(m)}</span>
                {m.isDefault ? <span className="rounded bg-slate-900 px-1.5 text-xs text-white">default</span> : null}
                {m.enabled ? null : <span className="rounded bg-slate-200 px-1.5 text-xs">disabled</span>}
                <span className="ml-auto text-xs text-slate-500">edit</span>
              </summary>
              <div className="border-t border-slate-100 p-3">
                <MarketEditor initial={draftOf(m)} walletCurrency={wallet} />
                {m.isDefault ? null : (
                  <div className="mt-2 text-right">
                    <EnableMarketButton id={m.id} name={m.name} enabled={m.enabled} />
                  </div>
                )}
              </div>
            </details>
          </li>
        ))}
      </ul>
      <section className="mt-8" aria-labelledby="new-market">
        <h2 id="new-market" className="mb-2 text-lg font-semibold">
          New market
        </h2>
        <MarketEditor initial={blank} walletCurrency={wallet} />
      </section>
    </>
  );
}
