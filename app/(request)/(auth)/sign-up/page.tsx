import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/auth/action-form";
import { signUpAction } from "@/lib/auth/sign-up-action";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage() {
  return (
    <>
      <h1 className="mb-4 text-xl font-semibold text-slate-900">Create an account</h1>
      <ActionForm
        action={signUpAction}
        submitLabel="Create account"
        fields={[
          { name: "email", label: "Email", type: "email", autoComplete: "email" },
          { name: "password", label: "Password (10+ characters)", type: "password", autoComplete: "new-password" },
        ]}
        doneHint={
          <Link href="/sign-in" className="block text-center font-medium underline">
            Go to sign in
          </Link>
        }
      />
      <p className="mt-4 text-sm text-slate-600">
        Have an account?{" "}
        <Link href="/sign-in" className="font-medium text-slate-900 underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
