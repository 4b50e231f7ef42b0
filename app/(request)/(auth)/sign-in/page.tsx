import type { Metadata } from "next";
import Link from "next/link";
import { SignInForm } from "@/components/auth/sign-in-form";
import { env } from "@/lib/env";
import { safeRedirectPath } from "@/lib/http/safe-redirect";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  return (
    <>
      <h1 className="mb-4 text-xl font-semibold text-slate-900">Sign in</h1>
      {/* Only same-site paths are followed after sign-in (no open redirect). */}
      <SignInForm callbackUrl={safeRedirectPath(params.callbackUrl, env.APP_URL)} />
      <p className="mt-4 text-sm text-slate-600">
        <Link href="/forgot-password" className="font-medium text-slate-900 underline">
          Forgot your password?
        </Link>
      </p>
      <p className="mt-2 text-sm text-slate-600">
        New here?{" "}
        <Link href="/sign-up" className="font-medium text-slate-900 underline">
          Create an account
        </Link>
      </p>
    </>
  );
}
