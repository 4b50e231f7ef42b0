"use client";
// Credentials sign-in through next-auth (CSRF-protected POST; the session is an httpOnly cookie).
// Accounts with two-factor sign-in get a second step: the same form asks for the app's code
// (or a recovery code) and sends it with the email and password.
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { safeRedirectPath } from "@/lib/http/safe-redirect";

const knownCodes = [
  "CredentialsSignin",
  "TwoFactorRequired",
  "TwoFactorInvalid",
  "TwoFactorRateLimited",
  "SignInUnavailable",
] as const;
type KnownCode = (typeof knownCodes)[number];

const input = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2";

/** next-auth passes the thrown message as the error code: "RateLimited:<seconds>" (lib/auth/authorize.ts). */
function errorMessage(t: ReturnType<typeof useTranslations<"signIn">>, code: string): string {
  const wait = /^RateLimited:(\d+)$/.exec(code)?.[1];
  if (wait) return t("rateLimited", { seconds: wait });
  return t(`errors.${(knownCodes as readonly string[]).includes(code) ? (code as KnownCode) : "CredentialsSignin"}`);
}

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const t = useTranslations("signIn");
  // The form's own ids: a page Next keeps hidden after a navigation may hold the same form.
  const uid = useId();
  const locale = useLocale();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [askCode, setAskCode] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setPending(true);
    setError(null);
    const form = new FormData(e.currentTarget);
    const res = await signIn("credentials", {
      email: String(form.get("email")),
      password: String(form.get("password")),
      code: askCode ? String(form.get("code") ?? "") : "",
      // The page's language, recorded as the account's: its emails are written in it.
      locale,
      redirect: false,
    });
    if (!res || res.error) {
      setPending(false);
      const code = res?.error ?? "";
      if (code === "TwoFactorRequired" || code === "TwoFactorInvalid") setAskCode(true);
      setError(code === "TwoFactorRequired" && !askCode ? null : errorMessage(t, code));
      return;
    }
    // Stay "Signing in…" until the next page replaces this one.
    router.replace(safeRedirectPath(callbackUrl, window.location.origin));
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div className={askCode ? "hidden" : undefined}>
        <label htmlFor={`${uid}email`} className="block text-sm font-medium text-slate-700">
          {t("email")}
        </label>
        <input id={`${uid}email`} name="email" type="email" autoComplete="email" required className={input} />
      </div>
      <div className={askCode ? "hidden" : undefined}>
        <label htmlFor={`${uid}password`} className="block text-sm font-medium text-slate-700">
          {t("password")}
        </label>
        <input
          id={`${uid}password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={input}
        />
      </div>
      {askCode ? (
        <div>
          <label htmlFor={`${uid}code`} className="block text-sm font-medium text-slate-700">
            {t("code")}
          </label>
          <input
            id={`${uid}code`}
            name="code"
            type="text"
            inputMode="text"
            autoComplete="one-time-code"
            required
            autoFocus
            aria-describedby={`${uid}code-hint`}
            className={`${input} font-mono tracking-widest`}
          />
          <p id={`${uid}code-hint`} className="mt-1 text-xs text-slate-600">
            {t("codeHelp")}
          </p>
        </div>
      ) : null}
      <p role="alert" aria-live="polite" data-testid="sign-in-error" className="min-h-5 text-sm text-rose-700">
        {error}
      </p>
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-800 disabled:opacity-60"
      >
        {pending ? t("signingIn") : askCode ? t("verify") : t("submit")}
      </button>
    </form>
  );
}
