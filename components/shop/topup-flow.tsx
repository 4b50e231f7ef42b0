"use client";
// A direct top-up's family page, Codashop-style: 1. the account (player ID, server) checked
// upstream so its name shows, 2. the amount (server-rendered links, passed as children), 3. buy.
// The checked account survives amount changes and goes to checkout in this tab only.
import { openFullPage } from "./full-page-link";
import { useMarketPath } from "./market-path";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { RequiredFieldSpec } from "@/lib/orders/quote/topup-fields";
import { TopupAccount, type AccountState, type VerifyAccount } from "@/components/checkout/topup-account";
import {
  clearAccountHandoff,
  readAccountHandoff,
  sameFields,
  saveAccountHandoff,
} from "@/components/checkout/topup-handoff";

type Saved = { id: string; fields: Record<string, string>; displayName: string | null };
type Props = {
  familySlug: string;
  familyName: string;
  accountItemCode: string;
  specs: RequiredFieldSpec[];
  /** The SKU to buy once an amount is chosen (null before), and the button's words. */
  buy: { itemCode: string; label: string; available: boolean } | null;
  verify: VerifyAccount;
  children: React.ReactNode;
};

const empty: AccountState = { fields: {}, verified: false, displayName: null };

export function TopupFlow({ familySlug, familyName, accountItemCode, specs, buy, verify, children }: Props) {
  const t = useTranslations("topup");
  const scope = `family:${familySlug}`;
  const [account, setAccount] = useState<AccountState>(empty);
  const [saved, setSaved] = useState<Saved[]>([]);
  const [going, setGoing] = useState(false);
  const { href } = useMarketPath();

  useEffect(() => {
    const handed = readAccountHandoff(scope);
    // sessionStorage is only readable in the browser, after hydration: hence an effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (handed) setAccount({ ...handed, verified: true });
    const ctrl = new AbortController();
    fetch(`/api/account/topup-accounts?family=${encodeURIComponent(familySlug)}`, {
      signal: ctrl.signal,
      cache: "no-store",
    })
      .then((r) => (r.ok ? r.json() : { accounts: [] }))
      .then((b: { accounts?: Saved[] }) => setSaved(b.accounts ?? []))
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [familySlug, scope]);

  function change(next: AccountState) {
    // The very account checked before (typed again before the page hydrated, say) stays checked.
    const handed = next.verified ? null : readAccountHandoff(scope);
    if (handed && sameFields(handed.fields, next.fields)) return setAccount({ ...handed, verified: true });
    setAccount(next);
    if (next.verified)
      saveAccountHandoff(scope, { fields: next.fields, displayName: next.displayName, proof: next.proof });
    else clearAccountHandoff(scope);
  }

  async function forget(id: string) {
    const res = await fetch(`/api/account/topup-accounts/${encodeURIComponent(id)}`, { method: "DELETE" }).catch(
      () => null,
    );
    if (res?.ok) setSaved((s) => s.filter((a) => a.id !== id));
  }

  function goToCheckout() {
    if (!buy || !account.verified) return;
    setGoing(true);
    saveAccountHandoff(buy.itemCode, {
      fields: account.fields,
      displayName: account.displayName,
      proof: account.proof,
    });
    openFullPage(href(`/checkout?item=${encodeURIComponent(buy.itemCode)}&qty=1`));
  }

  const hint = !account.verified ? t("checkFirst") : !buy ? t("chooseAmount") : !buy.available ? t("outOfStock") : null;
  return (
    <div className="space-y-5">
      <section aria-labelledby="step-account">
        <h2 id="step-account" className="mb-2 text-sm font-semibold text-slate-900">
          {t("stepAccount")}
        </h2>
        <TopupAccount
          idPrefix="account"
          heading={t("accountHeading", { family: familyName })}
          itemCode={accountItemCode}
          specs={specs}
          value={account}
          verify={verify}
          onChange={change}
        >
          {saved.length > 0 ? (
            <div className="mb-2 mt-1">
              <p className="text-sm text-slate-700">{t("usedBefore")}</p>
              <ul className="mt-1 flex flex-wrap gap-2">
                {saved.map((s) => (
                  <li
                    key={s.id}
                    className="flex items-center overflow-hidden rounded-full border border-slate-300 text-sm"
                  >
                    <button
                      type="button"
                      onClick={() => change({ fields: s.fields, verified: true, displayName: s.displayName })}
                      className="px-3 py-1 hover:bg-slate-100"
                      data-testid="saved-account"
                    >
                      {s.displayName ?? t("account")} · {Object.values(s.fields).join(" / ")}
                    </button>
                    <button
                      type="button"
                      onClick={() => void forget(s.id)}
                      className="border-s border-slate-300 px-2 py-1 text-slate-600 hover:bg-slate-100"
                    >
                      <span aria-hidden="true">×</span>
                      <span className="sr-only">{t("forget", { name: s.displayName ?? "none" })}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </TopupAccount>
      </section>
      <div>{children}</div>
      <div>
        <button
          type="button"
          onClick={goToCheckout}
          disabled={Boolean(hint) || going}
          data-testid="topup-buy"
          className="w-full rounded-lg bg-brand-600 px-4 py-3 text-lg font-semibold text-white hover:bg-brand-700 disabled:opacity-50 sm:w-auto"
        >
          {going ? t("opening") : buy ? buy.label : t("buyNow")}
        </button>
        <p className="mt-1 text-sm text-slate-600" aria-live="polite">
          {hint}
        </p>
      </div>
    </div>
  );
}
