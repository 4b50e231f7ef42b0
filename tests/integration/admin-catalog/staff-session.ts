// Users of every role and a way to act as one of them (through part A's session seam).
import { db } from "@/lib/db";
import { setSessionOverrideForTests } from "@/lib/auth/guards";

export type Who = "signed-out" | "shopper" | "support" | "staff" | "owner";

/** Creates one user per role once per test file and returns their ids. */
export async function createUsers(): Promise<Record<Exclude<Who, "signed-out">, string>> {
  const make = async (role: string) =>
    (await db.user.create({ data: { email: `${role}@shop.test`, passwordHash: "not-used", role } })).id;
  return {
    shopper: await make("shopper"),
    support: await make("support"),
    staff: await make("staff"),
    owner: await make("owner"),
  };
}

/** Makes the next guard calls see `who` as the signed-in user. */
export function actAs(users: Record<Exclude<Who, "signed-out">, string>, who: Who): void {
  setSessionOverrideForTests(who === "signed-out" ? null : { userId: users[who] });
}
