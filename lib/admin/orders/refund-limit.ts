// The staff refund limit: staff may refund a line up to STAFF_REFUND_LIMIT, owners without limit.
import "server-only";
import { Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import type { StaffUser } from "@/lib/auth/roles";

/** True when this user may refund this amount (the permission itself is checked separately). */
export function withinRefundLimit(user: StaffUser, amount: Prisma.Decimal): boolean {
  if (user.role === "owner") return true;
  if (user.role !== "staff") return false;
  return amount.lte(new Prisma.Decimal(env.STAFF_REFUND_LIMIT));
}
