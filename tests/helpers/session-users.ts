// A signed-in user as the guards return one (lib/auth/guards.ts SessionUser), for unit tests that
// stand in for the session: any role, and whether they must still enrol in two-factor sign-in.
import type { SessionUser } from "@/lib/auth/guards";

export const sessionUserAs = (role: SessionUser["role"], mustEnrolTwoFactor = false): SessionUser => ({
  id: "u1",
  email: "u1@shop.test",
  role,
  sessionId: "s1",
  mustEnrolTwoFactor,
});
