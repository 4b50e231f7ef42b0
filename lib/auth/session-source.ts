// Where the signed-in user's id comes from: the next-auth JWT cookie, or a test override.
import "server-only";

export type SessionIdentity = { userId: string } | null;

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
  const id = (session?.user as { id?: unknown } | undefined)?.id;
  return typeof id === "string" && id ? { userId: id } : null;
}
