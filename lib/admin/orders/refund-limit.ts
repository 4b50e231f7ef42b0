// The staff refund limit: staff may refund a line up to STAFF_REFUND_LIMIT, owners without limit.
import "server-only";
import { Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import type { StaffUser } from "@/lib/auth/roles";
import { walletValueOf } from "@/lib/orders/core/wallet-figures";

/** True when this user may refund this amount (the permission itself is checked separately). */
export function withinRefundLimit(user: StaffUser, amount: Prisma.Decimal): boolean {
  if (user.role === "owner") return true;
  if (user.role !== "staff") return false;
  return amount.lte(new Prisma.Decimal(env.STAFF_REFUND_LIMIT));
}

type OrderMoney = {
  currency: string;
  total: Prisma.Decimal;
  walletTotal: Prisma.Decimal | null;
  rate: Prisma.Decimal | null;
  walletCurrency: string | null;
};

/**
 * True when this user may give back `amount` in `currency` for a whole order (a held or late
 * payment). The limit is in the wallet currency, so an amount in the order's currency counts at
 * the rate of the sale (docs/markets.md#books); an amount in any other currency needs an owner.
 */
export function withinOrderRefundLimit(
  user: StaffUser,
  order: OrderMoney,
  amount: Prisma.Decimal,
  currency: string,
): boolean {
  if (user.role === "owner") return true;
  if (currency.toUpperCase() !== order.currency.toUpperCase()) return false;
  return withinRefundLimit(user, walletValueOf(order, amount));
}
