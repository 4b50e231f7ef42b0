// Where the signed-in user's id comes from: the next-auth JWT cookie, or a test override.
import "server-only";
import { NextRequest } from "next/server";

/**
 * `sessionId` is the server-side Session row the JWT was issued for; `sessionVersion` is the
 * User.sessionVersion it was issued with. The guards refuse either once revoked / moved on.
 * A test override may omit both: it then stands for a live session that passed every check
 * (second factor included), "whatever is current".
 */
export type SessionIdentity = { userId: string; sessionId?: string; sessionVersion?: number } | null;

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
  const user = session?.user as { id?: unknown; sv?: unknown; sid?: unknown } | undefined;
  return identityOf(user?.id, user?.sid, user?.sv);
}

/**
 * The same, read from a request's cookie where Next offers no request scope (proxy.ts, which
 * runs before a page renders): the JWT's own claims, decoded with the same secret and cookie name.
 */
export async function readRequestSessionIdentity(request: NextRequest): Promise<SessionIdentity> {
  if (override) return override();
  const [{ getToken }, { authOptions }] = await Promise.all([import("next-auth/jwt"), import("@/lib/auth/options")]);
  // The cookie alone, as the pages read it: next-auth's getToken would also take a bearer header.
  const cookieOnly = new NextRequest(request.url, { headers: { cookie: request.headers.get("cookie") ?? "" } });
  const token = await getToken({
    req: cookieOnly,
    secret: authOptions.secret,
    secureCookie: authOptions.useSecureCookies ?? false,
  });
  return identityOf(token?.uid, token?.sid, token?.sv);
}

function identityOf(userId: unknown, sessionId: unknown, sessionVersion: unknown): SessionIdentity {
  if (typeof userId !== "string" || !userId) return null;
  // A token from before server-side sessions carries no session id: "" is never a live session.
  return {
    userId,
    sessionId: typeof sessionId === "string" ? sessionId : "",
    sessionVersion: typeof sessionVersion === "number" ? sessionVersion : 0,
  };
}
