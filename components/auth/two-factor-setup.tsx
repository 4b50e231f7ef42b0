"use client";
// Enrolment in two-factor sign-in: start (the secret is made on the server and shown once, as a
// QR code and as text), confirm with the app's first code, then the recovery codes, shown once.
import Link from "next/link";
import { useActionState, useId, useState, useTransition } from "react";
import { confirmTwoFactorSetupAction, startTwoFactorSetupAction } from "@/lib/auth/two-factor-actions";
import type { ActionState } from "@/lib/errors";

type Started = { secret: string; uri: string; qr: { size: number; path: string } };
const btn = "w-full rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-800 disabled:opacity-60";

export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="text-sm font-medium text-amber-950">
        Recovery codes: each signs you in once if you lose your phone. Save them somewhere safe now; they are not shown
        again.
      </p>
      <ul data-testid="recovery-codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}

export function TwoFactorSetup({ continueHref }: { continueHref: string }) {
  const [started, setStarted] = useState<Started | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, startTransition] = useTransition();
  const [state, confirm, confirming] = useActionState<ActionState | null, FormData>(confirmTwoFactorSetupAction, null);
  // The form's own ids: a page Next keeps hidden after a navigation may hold the same form.
  const codeId = `${useId()}code`;

  if (state?.ok) {
    const codes = (state.data as { recoveryCodes: string[] }).recoveryCodes;
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm text-emerald-800">
          {state.message}
        </p>
        <RecoveryCodes codes={codes} />
        <Link href={continueHref} className={`${btn} block text-center`}>
          I saved my recovery codes: continue
        </Link>
      </div>
    );
  }
  if (!started) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          You need an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator,
          1Password or Aegis).
        </p>
        <button
          type="button"
          disabled={starting}
          className={btn}
          onClick={() =>
            startTransition(async () => {
              const r = await startTwoFactorSetupAction();
              if (r.ok) setStarted(r.data as Started);
              else setStartError(r.message);
            })
          }
        >
          {starting ? "Preparing…" : "Start setup"}
        </button>
        <p role="alert" className="text-sm text-rose-700">
          {startError}
        </p>
      </div>
    );
  }
  const { qr } = started;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">1. Scan this code with your authenticator app.</p>
      <svg
        role="img"
        aria-label="QR code for your authenticator app"
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        className="mx-auto h-48 w-48 bg-white"
        shapeRendering="crispEdges"
      >
        <path d={qr.path} fill="#0f172a" />
      </svg>
      <p className="text-sm text-slate-700">
        Or type this key into the app:{" "}
        <code data-testid="totp-secret" className="select-all break-all rounded bg-slate-100 px-1 font-mono">
          {started.secret.replace(/(.{4})/g, "$1 ").trim()}
        </code>
      </p>
      <form action={confirm} className="space-y-2">
        <label htmlFor={codeId} className="block text-sm font-medium text-slate-700">
          2. Enter the 6-digit code the app shows
        </label>
        <input
          id={codeId}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          aria-describedby={`${codeId}-error`}
          className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono tracking-widest"
        />
        <p id={`${codeId}-error`} role="alert" aria-live="polite" className="text-sm text-rose-700">
          {state && !state.ok ? state.message : null}
        </p>
        <button type="submit" disabled={confirming} className={btn}>
          {confirming ? "Checking…" : "Turn on two-factor sign-in"}
        </button>
      </form>
    </div>
  );
}
