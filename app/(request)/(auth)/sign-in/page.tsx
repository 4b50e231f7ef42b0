import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SignInForm } from "@/components/auth/sign-in-form";
import { env } from "@/lib/env";
import { safeRedirectPath } from "@/lib/http/safe-redirect";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("signIn");
  return { title: t("title") };
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [params, t] = await Promise.all([searchParams, getTranslations("signIn")]);
  return (
    <>
      <h1 className="mb-4 text-xl font-semibold text-slate-900">{t("title")}</h1>
      {/* Only same-site paths are followed after sign-in (no open redirect). */}
      <SignInForm callbackUrl={safeRedirectPath(params.callbackUrl, env.APP_URL)} />
      <p className="mt-4 text-sm text-slate-600">
        <Link href="/forgot-password" className="font-medium text-slate-900 underline">
          {t("forgot")}
        </Link>
      </p>
      <p className="mt-2 text-sm text-slate-600">
        {t("newHere")}{" "}
        <Link href="/sign-up" className="font-medium text-slate-900 underline">
          {t("createAccount")}
        </Link>
      </p>
    </>
  );
}
