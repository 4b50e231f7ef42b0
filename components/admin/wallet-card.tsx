// The overview's upstream wallet card: the last balance read, the running estimate since, the
// reserve checkout keeps, and how long the money lasts at the last day's rate.
import type { BalanceView } from "@/lib/admin/overview/balance";
import { formatTime } from "./format";
import { RefreshBalanceButton } from "./refresh-balance-button";
import { StatCard } from "./stat-card";

export function WalletCard({ balance }: { balance: BalanceView }) {
  const cur = balance.currency ?? "";
  const hours =
    balance.hoursLeft === null
      ? "no supplier spending in the last 24 h"
      : `about ${balance.hoursLeft} h of sales left at ${balance.ratePerHour} ${cur}/h`;
  return (
    <StatCard
      label="Upstream balance"
      tone={balance.low || balance.paused ? "warning" : "neutral"}
      value={<span data-testid="upstream-balance">{balance.balance ? `${balance.balance} ${cur}` : "—"}</span>}
      hint={
        <>
          <span className="block">
            {balance.error ?? `Read ${formatTime(balance.fetchedAt)} · warning below ${balance.threshold}`}
          </span>
          <span className="block">
            Estimate now{" "}
            <strong data-testid="wallet-estimate">{balance.estimate ? `${balance.estimate} ${cur}` : "—"}</strong> ·
            reserve {balance.reserve}
          </span>
          <span className="block" data-testid="wallet-hours-left">
            {balance.estimate ? hours : null}
          </span>
        </>
      }
    >
      <RefreshBalanceButton />
    </StatCard>
  );
}
