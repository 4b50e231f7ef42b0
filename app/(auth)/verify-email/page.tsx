import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/auth/action-form";
import { verifyEmailAction } from "@/lib/auth/verify-email-action";

export const metadata: Metadata = { title: "Confirm your email", referrer: "no-referrer" };

export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).token;
  const token = Array.isArray(raw) ? raw[0] : raw;
  return (
    <>
      <h1 className="mb-4 text-xl font-semibold text-slate-900">Confirm your email</h1>
      {token ? (
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
      ) : (
        <p className="text-slate-700">This link is missing its token. Open the link from the email again.</p>
      )}
    </>
  );
}
