// Alert conditions about each configured supplier's wallet (docs/suppliers.md#staff): low, or
// paused by a 402. One alert of each kind for the shop: it fires while any supplier's wallet is
// low (or paused), names that supplier when it is not main, and mentions the others that are too.
// Main's words are as they were. Each reads the database only (no upstream call).
import "server-only";
import { listSupplierConfigs } from "@/lib/upstream";
import { getWalletView } from "@/lib/wallet/wallet-view";
import { formatAmount, formatWhen } from "./format";
import type { AlertEvaluation } from "./kinds";

/** How an alert speaks of a supplier's wallet: main's as before, another's by its name. */
function wordsFor(s: string) {
  return s === "main"
    ? {
        lowTitle: "Upstream balance low",
        holds: "The upstream wallet holds",
        advice: "Top it up before checkout has to refuse orders.",
        pausedTitle: "Sales paused: the upstream wallet is empty",
        refuses: "the supplier refuses purchases",
        meanwhile: 'checkout answers "temporarily unavailable"',
        topUp: "Top up the wallet",
        resumes: "sales resume by themselves at the next balance read",
        path: "/admin",
      }
    : {
        lowTitle: `Upstream balance low: supplier ${s}`,
        holds: `Supplier ${s}'s wallet holds`,
        advice: "Top it up before its offers are passed over.",
        pausedTitle: `Supplier ${s} paused: its wallet is empty`,
        refuses: `supplier ${s} refuses purchases`,
        meanwhile: "lines are bought from the other suppliers, or wait",
        topUp: `Top up supplier ${s}'s wallet`,
        resumes: "it is used again after the next balance read",
        path: "/admin/suppliers",
      };
}

/** The first supplier (main first) whose condition holds, with the others that hold named. */
async function acrossSuppliers(evaluate: (supplier: string) => Promise<AlertEvaluation>): Promise<AlertEvaluation> {
  const all = await Promise.all(listSupplierConfigs().map((c) => evaluate(c.name)));
  const [first, ...more] = all.filter((e) => e.active);
  if (!first) return all[0]!;
  return more.length ? { ...first, summary: `${first.summary} Also: ${more.map((m) => m.title).join("; ")}.` } : first;
}

/** Below the owner's threshold, or fewer hours of sales left than the owner set, at any supplier. */
export function evaluateLowBalance(now: Date): Promise<AlertEvaluation> {
  return acrossSuppliers((s) => lowBalanceOf(s, now));
}

async function lowBalanceOf(supplier: string, now: Date): Promise<AlertEvaluation> {
  const w = await getWalletView(now, supplier);
  const say = wordsFor(supplier);
  const cur = w.currency;
  const reasons = [
    ...(w.estimate !== null && w.estimate.lt(w.threshold)
      ? [`below the threshold of ${formatAmount(w.threshold, cur)}`]
      : []),
    ...(w.hoursLeft !== null && w.hoursLeftBelow > 0 && w.hoursLeft < w.hoursLeftBelow
      ? [`about ${w.hoursLeft} hours of sales left at the last day's rate (under ${w.hoursLeftBelow})`]
      : []),
  ];
  return {
    active: w.low,
    title: say.lowTitle,
    summary:
      w.estimate === null
        ? `${supplier === "main" ? "The upstream" : `Supplier ${supplier}'s`} balance has not been read yet.`
        : `${say.holds} about ${formatAmount(w.estimate, cur)}: ${reasons.join(", and ") || "enough again"}. ${say.advice}`,
    details: [
      { label: "Estimated balance", value: w.estimate ? formatAmount(w.estimate, cur) : "unknown" },
      {
        label: "Last read",
        value: w.balance && w.readAt ? `${formatAmount(w.balance, cur)} at ${formatWhen(w.readAt)}` : "never",
      },
      { label: "Threshold", value: formatAmount(w.threshold, cur) },
      { label: "Reserve kept for checkout", value: formatAmount(w.reserve, cur) },
      { label: "Supplier spending, last 24 h", value: formatAmount(w.spentLastDay, cur) },
      {
        label: "Hours of sales left",
        value: w.hoursLeft === null ? "unknown (no recent spending)" : String(w.hoursLeft),
      },
    ],
    path: say.path,
  };
}

/** A 402 paused a supplier; it is used again once a balance read covers the reserve and the refused purchase. */
export function evaluateSalesPaused(now: Date): Promise<AlertEvaluation> {
  return acrossSuppliers((s) => salesPausedOf(s, now));
}

async function salesPausedOf(supplier: string, now: Date): Promise<AlertEvaluation> {
  const w = await getWalletView(now, supplier);
  const say = wordsFor(supplier);
  const needed = w.paused?.needs ? w.reserve.plus(w.paused.needs) : w.reserve;
  return {
    active: w.paused !== null,
    title: say.pausedTitle,
    summary: w.paused
      ? `Since ${formatWhen(w.paused.since)} ${say.refuses} for lack of money (402), so ${say.meanwhile}. ${say.topUp} to at least ${formatAmount(needed, w.currency)}: ${say.resumes}.`
      : "Sales are running.",
    details: [
      { label: "Paused since", value: w.paused ? formatWhen(w.paused.since) : "—" },
      { label: "Estimated balance", value: w.estimate ? formatAmount(w.estimate, w.currency) : "unknown" },
      { label: "Needed to resume", value: formatAmount(needed, w.currency) },
    ],
    path: say.path,
  };
}
