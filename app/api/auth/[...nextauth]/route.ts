// GET|POST /api/auth/* — next-auth (credentials sign-in, sign-out, session, CSRF); a callbackUrl
// off this shop is replaced before next-auth sees it (lib/auth/callback-url.ts), and POST bodies
// are read within the form cap.
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { guardCallbackUrl } from "@/lib/auth/callback-url";
import { authOptions } from "@/lib/auth/options";
import { env } from "@/lib/env";
import { bodyLimits, withCappedBody } from "@/lib/http/read-body";

const handler = NextAuth(authOptions);
type Context = { params: Promise<{ nextauth: string[] }> };

async function GET(req: NextRequest, ctx: Context): Promise<Response> {
  const guarded = guardCallbackUrl(req, new URL(env.APP_URL).origin);
  return "response" in guarded ? guarded.response : handler(guarded.request, ctx);
}

async function POST(req: NextRequest, ctx: Context): Promise<Response> {
  const guarded = guardCallbackUrl(req, new URL(env.APP_URL).origin);
  if ("response" in guarded) return guarded.response;
  const capped = await withCappedBody(req, bodyLimits.form);
  if (!capped.ok) return capped.response;
  return handler(new NextRequest(capped.request), ctx);
}

export { GET, POST };
