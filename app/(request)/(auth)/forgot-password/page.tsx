import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { ActionForm } from "@/components/auth/action-form";
import { requestPasswordResetAction } from "@/lib/auth/password-reset-actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("forgotTitle") };
}

export default async function ForgotPasswordPage() {
  const t = await getTranslations("auth");
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold text-slate-900">{t("forgotTitle")}</h1>
      <p className="mb-4 text-sm text-slate-600">{t("forgotIntro")}</p>
      <ActionForm
        action={requestPasswordResetAction}
        submitLabel={t("sendLink")}
        fields={[{ name: "email", label: t("email"), type: "email", autoComplete: "email" }]}
        doneHint={
          <Link href="/sign-in" className="block text-center font-medium underline">
            {t("backToSignIn")}
          </Link>
        }
      />
    </>
  );
}
