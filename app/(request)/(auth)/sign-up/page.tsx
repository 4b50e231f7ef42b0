import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { ActionForm } from "@/components/auth/action-form";
import { signUpAction } from "@/lib/auth/sign-up-action";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("signUpTitle") };
}

export default async function SignUpPage() {
  const t = await getTranslations("auth");
  return (
    <>
      <h1 className="mb-4 text-xl font-semibold text-slate-900">{t("signUpTitle")}</h1>
      <ActionForm
        action={signUpAction}
        submitLabel={t("signUpSubmit")}
        fields={[
          { name: "email", label: t("email"), type: "email", autoComplete: "email" },
          { name: "password", label: t("passwordNew"), type: "password", autoComplete: "new-password" },
        ]}
        doneHint={
          <Link href="/sign-in" className="block text-center font-medium underline">
            {t("goToSignIn")}
          </Link>
        }
      />
      <p className="mt-4 text-sm text-slate-600">
        {t("haveAccount")}{" "}
        <Link href="/sign-in" className="font-medium text-slate-900 underline">
          {t("signIn")}
        </Link>
      </p>
    </>
  );
}
