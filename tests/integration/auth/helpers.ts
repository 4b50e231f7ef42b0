// Test users for auth/admin tests: one per role, and a session seam to act as any of them.
import { createUser } from "@/lib/auth/accounts";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import type { UserRole } from "@/lib/auth/roles";

export type TestUsers = Record<UserRole, { id: string; email: string }>;

/** Creates owner, staff, support and shopper accounts with a unique email prefix. */
export async function createRoleUsers(prefix: string): Promise<TestUsers> {
  const roles: UserRole[] = ["owner", "staff", "support", "shopper"];
  const users = await Promise.all(
    roles.map((role) =>
      createUser({ email: `${prefix}-${role}@example.test`, password: "pw-0123456789", role, verified: true }),
    ),
  );
  return Object.fromEntries(roles.map((r, i) => [r, users[i]])) as TestUsers;
}

/** Makes the guards see this user (or nobody) as signed in. */
export function actAs(user: { id: string } | null): void {
  setSessionOverrideForTests(user ? { userId: user.id } : null);
}
