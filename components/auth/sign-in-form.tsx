"use client";
// Credentials sign-in through next-auth (CSRF-protected POST; the session is an httpOnly cookie).
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";

const messages: Record<string, string> = {
  CredentialsSignin: "Wrong email or password.",
};

/** next-auth passes the thrown message as the error code: "RateLimited:<seconds>" (lib/auth/options.ts). */
function errorMessage(code: string): string {
  const wait = /^RateLimited:(\d+)$/.exec(code)?.[1];
  if (wait) return `Too many failed sign-ins. Try again in ${wait} seconds.`;
  return messages[code] ?? messages.CredentialsSignin!;
}

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setPending(true);
    setError(null);
    const form = new FormData(e.currentTarget);
    const res = await signIn("credentials", { email: String(form.get("email")), password: String(form.get("password")), redirect: false });
    if (!res || res.error) {
      setPending(false);
      setError(errorMessage(res?.error ?? ""));
      return;
    }
    // Stay "Signing in…" until the next page replaces this one.
    router.replace(callbackUrl);
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-slate-700">Email</label>
        <input id="email" name="email" type="email" autoComplete="email" required className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-700">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" />
      </div>
      <p role="alert" aria-live="polite" data-testid="sign-in-error" className="min-h-5 text-sm text-rose-700">{error}</p>
      <button type="submit" disabled={pending} className="w-full rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-800 disabled:opacity-60">
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
