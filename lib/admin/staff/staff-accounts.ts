// Changing staff accounts: create with a one-time password, change role, disable/enable.
// Each change re-checks "at least one active owner remains" inside the same transaction.
import "server-only";
import { createUser } from "@/lib/auth/accounts";
import { generatePassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/roles";
import { db, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";

type Snapshot = { email: string; role: string; disabled: boolean };

const lastOwner = () =>
  new AppError("conflict", {
    userMessage: "The last active owner cannot be demoted or disabled. Make someone else owner first.",
  });

/** Creates a verified staff account; the generated password is returned once and never stored in clear. */
export async function createStaffAccount(
  email: string,
  role: Role,
): Promise<{ id: string; email: string; password: string }> {
  const password = generatePassword();
  const user = await createUser({ email, password, role, verified: true });
  return { ...user, password };
}

async function snapshot(tx: Prisma.TransactionClient, userId: string): Promise<Snapshot & { id: string }> {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, role: true, disabledAt: true },
  });
  if (!user || user.role === "shopper") throw new AppError("not_found", { userMessage: "No such staff account." });
  return { id: user.id, email: user.email, role: user.role, disabled: user.disabledAt !== null };
}

async function assertOwnerRemains(tx: Prisma.TransactionClient): Promise<void> {
  const owners = await tx.user.count({ where: { role: "owner", disabledAt: null } });
  if (owners < 1) throw lastOwner();
}

/** Sets a staff member's role (signing them out everywhere); refuses when that would leave no active owner. */
export async function changeStaffRole(userId: string, role: Role): Promise<{ before: Snapshot; after: Snapshot }> {
  return db.$transaction(async (tx) => {
    const before = await snapshot(tx, userId);
    // A real role change also ends the account's sessions everywhere (they sign in again).
    await tx.user.update({
      where: { id: userId },
      data: before.role === role ? {} : { role, sessionVersion: { increment: 1 } },
    });
    await assertOwnerRemains(tx);
    return { before: strip(before), after: { ...strip(before), role } };
  });
}

/** Disables (guards and sign-in refuse it at once) or re-enables an account; keeps one active owner. */
export async function setStaffDisabled(
  userId: string,
  disabled: boolean,
  now = new Date(),
): Promise<{ before: Snapshot; after: Snapshot }> {
  return db.$transaction(async (tx) => {
    const before = await snapshot(tx, userId);
    // Disabling also bumps the session version, so re-enabling does not revive old sessions.
    const disabling = disabled && !before.disabled;
    await tx.user.update({
      where: { id: userId },
      data: {
        disabledAt: disabled ? (before.disabled ? undefined : now) : null,
        ...(disabling ? { sessionVersion: { increment: 1 } } : {}),
      },
    });
    await assertOwnerRemains(tx);
    return { before: strip(before), after: { ...strip(before), disabled } };
  });
}

function strip(s: Snapshot & { id: string }): Snapshot {
  return { email: s.email, role: s.role, disabled: s.disabled };
}
