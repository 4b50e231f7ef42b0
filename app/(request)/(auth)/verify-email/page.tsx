import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/auth/action-form";
import { EmailedLinkPage, linkToken, type LinkSearchParams } from "@/components/auth/emailed-link-page";
import { verifyEmailAction } from "@/lib/auth/verify-email-action";

export const metadata: Metadata = { title: "Confirm your email", referrer: "no-referrer" };

export default async function VerifyEmailPage({ searchParams }: { searchParams: LinkSearchParams }) {
  return (
    <EmailedLinkPage
      title="Confirm your email"
      token={await linkToken(searchParams)}
      missingToken="Open the link from the email again."
      form={(token) => (
        <ActionForm
          action={verifyEmailAction}
          submitLabel="Confirm my email"
          fields={[{ name: "token", label: "", hidden: token }]}
          doneHint={
            <Link href="/account" className="block text-center font-medium underline">
              Go to my account
            </Link>
          }
        />
      )}
    />
  );
}
