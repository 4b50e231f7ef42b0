"use client";
// One order line for the shopper: status, top-up credit, or codes behind a Reveal button with
// copy buttons, redemption link and instructions.
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { formatMoney } from "@/components/shop/format-money";
import { useHydrated } from "@/components/ui/use-hydrated";
import { safeHttpUrl } from "@/lib/http/safe-url";
import type { OrderView } from "@/lib/orders/view/order-view";

type Line = OrderView["lines"][number];
type Code = { code: string; denomination: string; currency?: string };

export function OrderLineCard({ token, line, currency }: { token: string; line: Line; currency: string }) {
  const t = useTranslations("order");
  const locale = useLocale();
  const [codes, setCodes] = useState<Code[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<{ i: number; ok: boolean } | null>(null);
  const [revealing, setRevealing] = useState(false);
  const hydrated = useHydrated(); // "Reveal codes" needs JavaScript: a click before hydration did nothing
  // Upstream text: only an http(s) URL becomes a link, as on the product page.
  const redeemUrl = safeHttpUrl(line.redemptionUrl);

  async function reveal() {
    setError(null);
    setRevealing(true);
    try {
      const res = await fetch(`/api/orders/${token}/reveal`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ lineId: line.id }),
      });
      if (res.status === 403)
        return setError(
          ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? t("revealForbidden"),
        );
      if (!res.ok) return setError(t("revealFailed"));
      const body = (await res.json()) as { lines: { lineId: string; codes: Code[] }[] };
      setCodes(body.lines.find((l) => l.lineId === line.id)?.codes ?? []);
    } catch {
      setError(t("revealOffline"));
    } finally {
      setRevealing(false);
    }
  }

  async function copy(i: number, code: string) {
    // The clipboard API is missing on plain http and in some in-app browsers: say so instead of claiming success.
    const ok = await (navigator.clipboard?.writeText(code).then(
      () => true,
      () => false,
    ) ?? Promise.resolve(false));
    setCopied({ i, ok });
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="order-line">
      <div className="flex justify-between gap-4">
        <span className="font-medium">
          {line.quantity} × {line.productName}
        </span>
        <span>{formatMoney(line.lineTotal, currency, locale)}</span>
      </div>
      <p className="mt-1 text-sm font-semibold" data-testid="line-status">
        {t.has(`lineStatus.${line.status}`) ? t(`lineStatus.${line.status}` as "lineStatus.paid") : line.statusLabel}
      </p>
      {line.failureReason ? (
        <p className="text-sm text-slate-700">
          {line.failureReason} {t("moneyReturned")}
        </p>
      ) : null}
      {line.status === "delivered" && line.isTopup ? (
        <p className="mt-2 text-green-800" data-testid="topup-credited">
          {t("credited", { name: line.displayName ?? "none" })}
        </p>
      ) : null}
      {line.hasCodes ? (
        <div className="mt-3">
          {codes === null ? (
            <button
              type="button"
              onClick={reveal}
              disabled={!hydrated || revealing}
              className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {revealing ? t("revealing") : t("reveal")}
            </button>
          ) : (
            <ul className="space-y-2">
              {codes.map((c, i) => (
                <li key={i} className="flex flex-wrap items-center gap-2">
                  <code
                    className="select-all break-all rounded bg-slate-100 px-2 py-1 font-mono text-base"
                    data-testid="revealed-code"
                  >
                    {c.code}
                  </code>
                  <button
                    type="button"
                    onClick={() => copy(i, c.code)}
                    className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 underline hover:bg-brand-50"
                  >
                    {copied?.i === i && copied.ok ? t("copied") : t("copy")}
                  </button>
                  <span role="status" className="text-sm text-slate-600">
                    {copied?.i === i && !copied.ok ? t("copyBlocked") : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          {redeemUrl ? (
            <p className="mt-2 text-sm">
              {t("redeemAt")}{" "}
              <a
                href={redeemUrl}
                rel="noreferrer noopener nofollow"
                target="_blank"
                className="text-brand-700 underline"
              >
                {redeemUrl}
              </a>
            </p>
          ) : null}
          {line.redemptionInstructions ? (
            <p className="mt-1 text-sm text-slate-700">{line.redemptionInstructions}</p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
