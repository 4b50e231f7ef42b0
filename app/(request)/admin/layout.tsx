import type { Metadata } from "next";
import Link from "next/link";
import { AdminNav } from "@/components/admin/admin-nav";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { SignOutEverywhereButton } from "@/components/auth/sign-out-everywhere-button";
import { env } from "@/lib/env";
import { guardStaff } from "@/lib/http/page-guard";

export const metadata: Metadata = {
  title: { default: `${env.SHOP_NAME} admin`, template: `%s · ${env.SHOP_NAME} admin` },
  robots: { index: false },
};

// Staff dashboard chrome. proxy.ts and each page's guard apply the page's rule
// (lib/http/page-access.ts); the layout checks the door every admin rule starts with (signed out
// → sign-in, shopper → home, must enrol → two-factor setup), and every loader and action checks
// again, because layouts do not re-run on every navigation.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const user = await guardStaff();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <Link href="/admin" className="whitespace-nowrap font-bold text-slate-900">
          {env.SHOP_NAME} admin
        </Link>
        <div className="flex min-w-0 items-center gap-3 text-sm text-slate-600">
          <Link href="/" className="hidden whitespace-nowrap underline hover:text-slate-900 sm:inline">
            View shop
          </Link>
          <span className="hidden truncate md:inline">
            {user.email} · <span className="font-medium">{user.role}</span>
          </span>
          <span className="hidden lg:inline-flex">
            <SignOutEverywhereButton />
          </span>
          <SignOutButton />
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
        <aside className="md:w-48 md:shrink-0">
          <AdminNav />
        </aside>
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  );
}
