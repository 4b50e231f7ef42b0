import { AdminPageHeader } from "@/app/(request)/admin/_components/admin-page-header";
import { formatTime } from "@/components/admin/format";
import { SignOutEverywhereButton } from "@/components/auth/sign-out-everywhere-button";
import { TwoFactorManage } from "@/components/auth/two-factor-manage";
import { getTwoFactorStatus } from "@/lib/auth/two-factor/manage";
import { isTwoFactorRequired } from "@/lib/auth/two-factor/policy";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";

export const metadata = { title: "Your sign-in security" };

// The signed-in staff member's own sign-in: two-factor status, recovery codes, sessions.
export default async function AdminSecurityPage() {
  const user = await guardAdminPage("/admin/security");
  const [status, required] = await Promise.all([getTwoFactorStatus(user.id), isTwoFactorRequired(user.role)]);
  return (
    <>
      <AdminPageHeader title="Your sign-in security" description={`${user.email} · ${user.role}`} />
      <section className="mb-6 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="two-factor">
        <h2 id="two-factor" className="mb-2 text-lg font-semibold">
          Two-factor sign-in
        </h2>
        {status.enabledAt ? (
          <p className="mb-3 text-sm text-slate-700" data-testid="two-factor-status">
            On since {formatTime(status.enabledAt)}. {status.recoveryCodesLeft} of 10 recovery codes left
            {status.recoveryCodesLeft <= 3 ? ": make new ones soon" : ""}.
          </p>
        ) : (
          <p className="mb-3 text-sm text-slate-700" data-testid="two-factor-status">
            Off. {required ? "Your role requires it." : "Optional for your role, and strongly recommended."}
          </p>
        )}
        <TwoFactorManage enabled={status.enabledAt !== null} canDisable={!required} />
      </section>
      <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="sessions">
        <h2 id="sessions" className="mb-2 text-lg font-semibold">
          Sessions
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          Signed in on a computer you no longer use, or lost a phone? End every session of your account; you sign in
          again here.
        </p>
        <SignOutEverywhereButton />
      </section>
    </>
  );
}
