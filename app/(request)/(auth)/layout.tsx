import Link from "next/link";
import { env } from "@/lib/env";

// Sign-in, sign-up and email verification: a narrow centred card, no shop chrome.
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 py-12">
      <Link href="/" className="mb-6 text-xl font-bold text-slate-900">
        {env.SHOP_NAME}
      </Link>
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </main>
  );
}
