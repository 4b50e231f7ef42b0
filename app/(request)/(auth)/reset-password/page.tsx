import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { ActionForm } from "@/components/auth/action-form";
import { EmailedLinkPage, linkToken, type LinkSearchParams } from "@/components/auth/emailed-link-page";
import { resetPasswordAction } from "@/lib/auth/password-reset-actions";

// The link's token stays out of Referer headers; the form is a POST, so link scanners never use it.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("resetTitle"), referrer: "no-referrer", robots: { index: false } };
}

export default async function ResetPasswordPage({ searchParams }: { searchParams: LinkSearchParams }) {
  const t = await getTranslations("auth");
  return (
    <EmailedLinkPage
      title={t("resetTitle")}
      token={await linkToken(searchParams)}
      missingToken={t.rich("openAgainOrAsk", {
        link: (chunks) => (
          <Link href="/forgot-password" className="underline">
            {chunks}
          </Link>
        ),
      })}
      form={(token) => (
        <ActionForm
          action={resetPasswordAction}
          submitLabel={t("resetSubmit")}
          fields={[
            { name: "token", label: "", hidden: token },
            {
              name: "password",
              label: t("newPassword"),
              type: "password",
              autoComplete: "new-password",
            },
            { name: "confirm", label: t("newPasswordAgain"), type: "password", autoComplete: "new-password" },
          ]}
          doneHint={
            <Link href="/sign-in" className="block text-center font-medium underline">
              {t("goToSignIn")}
            </Link>
          }
        />
      )}
    />
  );
}
