import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { ActionForm } from "@/components/auth/action-form";
import { EmailedLinkPage, linkToken, type LinkSearchParams } from "@/components/auth/emailed-link-page";
import { verifyEmailAction } from "@/lib/auth/verify-email-action";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("verifyTitle"), referrer: "no-referrer" };
}

export default async function VerifyEmailPage({ searchParams }: { searchParams: LinkSearchParams }) {
  const t = await getTranslations("auth");
  return (
    <EmailedLinkPage
      title={t("verifyTitle")}
      token={await linkToken(searchParams)}
      missingToken={t("openAgain")}
      form={(token) => (
        <ActionForm
          action={verifyEmailAction}
          submitLabel={t("verifySubmit")}
          fields={[{ name: "token", label: "", hidden: token }]}
          doneHint={
            <Link href="/account" className="block text-center font-medium underline">
              {t("goToAccount")}
            </Link>
          }
        />
      )}
    />
  );
}
