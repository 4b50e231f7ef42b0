// Every alert the shop sends to its owners, in one table: what it is called in Settings, and how
// often it is repeated while it lasts. What makes each one fire is in conditions-*.ts.

const hour = 3_600_000;

export const alertKinds = {
  low_balance: {
    label: "The upstream wallet is low (below the threshold, or fewer hours of sales left than set)",
    repeatMs: 6 * hour,
  },
  sales_paused: {
    label: "Sales are paused: the supplier refused a purchase for lack of money (402)",
    repeatMs: 2 * hour,
  },
  unresolved_lines: { label: "A paid line has no supplier order past its deadline", repeatMs: 2 * hour },
  held_payments: { label: "Payments are held, waiting for a person to release or refund them", repeatMs: 12 * hour },
  webhook_rejections: { label: "A burst of rejected webhooks", repeatMs: 1 * hour },
  catalog_sync: { label: "The catalog sync failed, or has not succeeded for a day", repeatMs: 12 * hour },
  upstream_errors: { label: "The upstream answers 401 or 5xx repeatedly", repeatMs: 1 * hour },
  budget_exhausted: { label: "The upstream request budget is exhausted", repeatMs: 1 * hour },
  rate_feed: {
    label: "The exchange-rate feed was refused or is stuck, or a rate waits for an owner's confirmation",
    repeatMs: 12 * hour,
  },
  stale_rates: { label: "A market's exchange rate is stale: its checkout is stopped", repeatMs: 2 * hour },
} as const;

export type AlertKind = keyof typeof alertKinds;
export const alertKindNames = Object.keys(alertKinds) as AlertKind[];

export function isAlertKind(v: string): v is AlertKind {
  return Object.hasOwn(alertKinds, v);
}

/** What an evaluation says: whether the condition holds now, in words and figures for the notice. */
export type AlertEvaluation = {
  active: boolean;
  title: string;
  summary: string;
  details: { label: string; value: string }[];
  /** Where in the admin to look (a path under APP_URL). */
  path: string;
};
