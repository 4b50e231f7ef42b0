// GET|POST /api/auth/* — next-auth (credentials sign-in, sign-out, session, CSRF); POST bodies
// are read within the form cap before next-auth sees them.
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { bodyLimits, withCappedBody } from "@/lib/http/read-body";

const handler = NextAuth(authOptions);
type Context = { params: Promise<{ nextauth: string[] }> };

async function POST(req: NextRequest, ctx: Context): Promise<Response> {
  const capped = await withCappedBody(req, bodyLimits.form);
  if (!capped.ok) return capped.response;
  return handler(new NextRequest(capped.request), ctx);
}

export { handler as GET, POST };
