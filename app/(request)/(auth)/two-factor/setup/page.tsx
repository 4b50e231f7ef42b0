import type { Metadata } from "next";
import Link from "next/link";
import { TwoFactorSetup } from "@/components/auth/two-factor-setup";
import { guardPage } from "@/lib/http/page-guard";
import { getTwoFactorStatus } from "@/lib/auth/two-factor/manage";

export const metadata: Metadata = { title: "Set up two-factor sign-in", robots: { index: false } };
// Two-factor enrolment for staff. A staff member whose role requires it lands here before
// anything else in the admin (the admin layout and guards send them).
export default async function TwoFactorSetupPage() {
  const user = await guardPage("/two-factor/setup");
  if (!user.mustEnrolTwoFactor) {
    if ((await getTwoFactorStatus(user.id)).enabledAt) {
      return (
        <>
          <h1 className="mb-2 text-xl font-semibold text-slate-900">Two-factor sign-in is on</h1>
          <p className="text-sm text-slate-700">
            Manage recovery codes on{" "}
            <Link href="/admin/security" className="underline">
              your sign-in security page
            </Link>
            .
          </p>
        </>
      );
    }
  }
  return (
    <>
      <h1 className="mb-2 text-xl font-semibold text-slate-900">Set up two-factor sign-in</h1>
      <p className="mb-4 text-sm text-slate-700">
        {user.mustEnrolTwoFactor
          ? `Your role (${user.role}) signs in with a code from an app as well as a password. Set it up to continue.`
          : "Sign in with a code from an app as well as your password."}
      </p>
      <TwoFactorSetup continueHref="/admin" />
    </>
  );
}
