import type { Metadata } from "next";
import Link from "next/link";
import { SignInForm } from "@/components/auth/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

/** Only same-site paths are followed after sign-in (no open redirect). */
function safeCallback(value: string | string[] | undefined): string {
  const v = Array.isArray(value) ? value[0] : value;
  return v && v.startsWith("/") && !v.startsWith("//") ? v : "/account";
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  return (
    <>
      <h1 className="mb-4 text-xl font-semibold text-slate-900">Sign in</h1>
      <SignInForm callbackUrl={safeCallback(params.callbackUrl)} />
      <p className="mt-4 text-sm text-slate-600">
        New here? <Link href="/sign-up" className="font-medium text-slate-900 underline">Create an account</Link>
      </p>
    </>
  );
}
