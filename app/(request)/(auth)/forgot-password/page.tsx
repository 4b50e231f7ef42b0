import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/auth/action-form";
import { requestPasswordResetAction } from "@/lib/auth/password-reset-actions";

export const metadata: Metadata = { title: "Reset your password" };

export default async function ForgotPasswordPage() {
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold text-slate-900">Reset your password</h1>
      <p className="mb-4 text-sm text-slate-600">
        Enter your account&apos;s email and we will send you a link to choose a new password.
      </p>
      <ActionForm
        action={requestPasswordResetAction}
        submitLabel="Send the link"
        fields={[{ name: "email", label: "Email", type: "email", autoComplete: "email" }]}
        doneHint={
          <Link href="/sign-in" className="block text-center font-medium underline">
            Back to sign in
          </Link>
        }
      />
    </>
  );
}
