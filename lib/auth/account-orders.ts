// The signed-in shopper's own orders (newest first), for /account.
import "server-only";
import { db } from "@/lib/db";
import { amountString } from "@/lib/markets/format";
import { claimGuestOrders } from "./verification";

export type AccountOrder = {
  token: string;
  reference: string | null;
  status: string;
  total: string;
  currency: string;
  createdAt: Date;
  items: string;
};

/**
 * Orders owned by this user; bounded so a very old account stays quick. A verified account
 * first claims guest orders placed with its email since verification.
 */
export async function listAccountOrders(userId: string, take = 100): Promise<AccountOrder[]> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, emailVerifiedAt: true } });
  if (user?.emailVerifiedAt) await claimGuestOrders(userId, user.email);
  const orders = await db.order.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    take,
    select: {
      token: true,
      reference: true,
      status: true,
      total: true,
      currency: true,
      createdAt: true,
      lines: { select: { productName: true, quantity: true } },
    },
  });
  return orders.map((o) => ({
    token: o.token,
    reference: o.reference,
    status: o.status,
    total: amountString(o.total, o.currency),
    currency: o.currency,
    createdAt: o.createdAt,
    items: o.lines.map((l) => `${l.quantity} × ${l.productName}`).join(", "),
  }));
}
