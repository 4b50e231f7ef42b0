// next-auth configuration: credentials provider, JWT sessions in httpOnly cookies. The JWT
// carries the user id and session version; roles and the current version are re-read from
// the DB by the guards on every use (a bumped version signs every device out).
import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";
import { signInWithPassword, SignInThrottledError } from "./sign-in";

// next-auth 4 reads NEXTAUTH_URL from process.env itself (redirects, callback URLs); without
// it, it falls back to localhost:3000. Default it to the shop's APP_URL.
process.env.NEXTAUTH_URL ??= env.APP_URL;

export const authOptions: NextAuthOptions = {
  secret: env.NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: 8 * 60 * 60 },
  useSecureCookies: env.APP_URL.startsWith("https://"),
  pages: { signIn: "/sign-in" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, req) {
        try {
          const user = await signInWithPassword({ email: credentials?.email, password: credentials?.password, ip: clientIp(req?.headers) });
          return user ? { id: user.id, email: user.email, sessionVersion: user.sessionVersion } : null;
        } catch (err) {
          // next-auth passes the message to the client as ?error=…; keep it a code, not detail.
          if (err instanceof SignInThrottledError) throw new Error(`RateLimited:${err.retryAfterS}`);
          throw err;
        }
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        token.uid = user.id;
        token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
      }
      return token;
    },
    session({ session, token }) {
      if (session.user && typeof token.uid === "string") {
        const u = session.user as { id?: string; sv?: number };
        u.id = token.uid;
        u.sv = typeof token.sv === "number" ? token.sv : 0;
      }
      return session;
    },
  },
};
