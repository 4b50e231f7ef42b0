import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/auth/action-form";
import { EmailedLinkPage, linkToken, type LinkSearchParams } from "@/components/auth/emailed-link-page";
import { resetPasswordAction } from "@/lib/auth/password-reset-actions";

// The link's token stays out of Referer headers; the form is a POST, so link scanners never use it.
export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer", robots: { index: false } };

export default async function ResetPasswordPage({ searchParams }: { searchParams: LinkSearchParams }) {
  return (
    <EmailedLinkPage
      title="Choose a new password"
      token={await linkToken(searchParams)}
      missingToken={
        <>
          Open the link from the email again, or{" "}
          <Link href="/forgot-password" className="underline">
            ask for a new one
          </Link>
          .
        </>
      }
      form={(token) => (
        <ActionForm
          action={resetPasswordAction}
          submitLabel="Change my password"
          fields={[
            { name: "token", label: "", hidden: token },
            {
              name: "password",
              label: "New password (10+ characters)",
              type: "password",
              autoComplete: "new-password",
            },
            { name: "confirm", label: "New password again", type: "password", autoComplete: "new-password" },
          ]}
          doneHint={
            <Link href="/sign-in" className="block text-center font-medium underline">
              Go to sign in
            </Link>
          }
        />
      )}
    />
  );
}
