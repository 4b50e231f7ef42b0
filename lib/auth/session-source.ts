// Where the signed-in user's id comes from: the next-auth JWT cookie, or a test override.
import "server-only";

/**
 * `sessionVersion` is the User.sessionVersion the JWT was issued with; the guards refuse it
 * once the DB value moves on. A test override may omit it ("whatever is current").
 */
export type SessionIdentity = { userId: string; sessionVersion?: number } | null;

let override: (() => SessionIdentity | Promise<SessionIdentity>) | undefined;

/** Tests call admin actions directly; this seam replaces the cookie lookup. Pass undefined to clear. */
export function setSessionOverrideForTests(
  source: SessionIdentity | (() => SessionIdentity | Promise<SessionIdentity>) | undefined,
): void {
  override = source === undefined ? undefined : typeof source === "function" ? source : () => source;
}

/** The user id in the current request's session, or null when signed out. */
export async function readSessionIdentity(): Promise<SessionIdentity> {
  if (override) return override();
  const [{ getServerSession }, { authOptions }] = await Promise.all([
    import("next-auth/next"),
    import("@/lib/auth/options"),
  ]);
  const session = await getServerSession(authOptions);
  const user = session?.user as { id?: unknown; sv?: unknown } | undefined;
  if (typeof user?.id !== "string" || !user.id) return null;
  // Tokens issued before versions existed carry none: treat them as version 0.
  return { userId: user.id, sessionVersion: typeof user.sv === "number" ? user.sv : 0 };
}
