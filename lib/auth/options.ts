// next-auth configuration: credentials provider, JWT sessions in httpOnly cookies. The JWT
// carries the user id, the server-side session id and the session version; the guards re-read
// the session row and the role from the DB on every use, so signing out (which revokes the row)
// ends the session on the server, not only in this browser.
import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";
import { safeRedirectPath } from "@/lib/http/safe-redirect";
import { authorizeCredentials, SignInRefused } from "./authorize";
import { revokeSession, sessionMaxAgeMs } from "./sessions";
import { log } from "@/lib/log";

// next-auth 4 reads NEXTAUTH_URL from process.env itself (redirects, callback URLs); without
// it, it falls back to localhost:3000. Default it to the shop's APP_URL.
process.env.NEXTAUTH_URL ??= env.APP_URL;

function header(headers: unknown, name: string): string | undefined {
  const v = (headers as Record<string, string | string[] | undefined> | undefined)?.[name];
  return Array.isArray(v) ? v[0] : v;
}

export const authOptions: NextAuthOptions = {
  secret: env.NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: sessionMaxAgeMs / 1000 },
  useSecureCookies: env.APP_URL.startsWith("https://"),
  pages: { signIn: "/sign-in" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        code: { label: "Authentication code", type: "text" },
        locale: { label: "Language", type: "text" },
      },
      async authorize(credentials, req) {
        // next-auth hands a thrown error's message to the form as ?error=…: only our codes.
        try {
          const user = await authorizeCredentials({
            email: credentials?.email,
            password: credentials?.password,
            code: credentials?.code,
            ip: clientIp(req?.headers),
            userAgent: header(req?.headers, "user-agent"),
            locale: credentials?.locale,
          });
          return user
            ? { id: user.id, email: user.email, sessionId: user.sessionId, sessionVersion: user.sessionVersion }
            : null;
        } catch (err) {
          if (err instanceof SignInRefused) throw err;
          log.error({ err }, "sign-in failed");
          throw new Error("SignInUnavailable");
        }
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        const u = user as { id: string; sessionId?: string; sessionVersion?: number };
        token.uid = u.id;
        token.sid = u.sessionId;
        token.sv = u.sessionVersion ?? 0;
      }
      return token;
    },
    session({ session, token }) {
      if (session.user && typeof token.uid === "string") {
        const u = session.user as { id?: string; sv?: number; sid?: string };
        u.id = token.uid;
        u.sv = typeof token.sv === "number" ? token.sv : 0;
        u.sid = typeof token.sid === "string" ? token.sid : undefined;
      }
      return session;
    },
    // Every redirect next-auth makes (sign-in, sign-out callbackUrl) stays on this shop.
    redirect({ url, baseUrl }) {
      return `${baseUrl}${safeRedirectPath(url, baseUrl, "/")}`;
    },
  },
  events: {
    // POST /api/auth/signout: the session row is revoked, so a copy of the cookie is useless.
    async signOut({ token }) {
      const sid = (token as { sid?: unknown } | null)?.sid;
      if (typeof sid === "string" && sid) await revokeSession(sid, "sign_out");
    },
  },
};
