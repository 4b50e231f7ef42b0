"use client";
// The owner's staff forms: invite (one-time password shown once), role change, disable/enable,
// reset two-factor sign-in (a lost device).
import { useActionState } from "react";
import {
  changeStaffRoleAction,
  createStaffAction,
  resetStaffTwoFactorAction,
  setStaffDisabledAction,
} from "@/lib/admin/staff/actions";
import { ActionStatus } from "@/components/admin/action-status";

const btn = "rounded-md px-2 py-1 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60";
const input = "mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";
const roles = ["support", "staff", "owner"] as const;

export function CreateStaffForm() {
  const [state, action, pending] = useActionState(createStaffAction, null);
  const errors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  const password = state?.ok ? (state.data as { password?: string } | undefined)?.password : undefined;
  return (
    <form
      action={action}
      className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <label className="text-sm font-medium">
        Email
        <input
          name="email"
          type="email"
          required
          autoComplete="off"
          aria-describedby="staff-email-error"
          className={input}
        />
        <span id="staff-email-error" className="text-xs text-rose-700">
          {errors.email?.[0]}
        </span>
      </label>
      <label className="text-sm font-medium">
        Role
        <select name="role" defaultValue="support" className={input}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
      >
        {pending ? "Creating…" : "Create account"}
      </button>
      <div className="basis-full">
        <ActionStatus state={state} />
        {password ? (
          <p className="mt-1 text-sm">
            One-time password:{" "}
            <code data-testid="one-time-password" className="rounded bg-slate-100 px-1 font-mono">
              {password}
            </code>
          </p>
        ) : null}
      </div>
    </form>
  );
}

export function RoleForm({ userId, email, role }: { userId: string; email: string; role: string }) {
  const [state, action, pending] = useActionState(changeStaffRoleAction, null);
  return (
    <form action={action} className="flex items-center gap-2">
      <input type="hidden" name="userId" value={userId} />
      <label className="sr-only" htmlFor={`role-${userId}`}>
        Role for {email}
      </label>
      <select
        id={`role-${userId}`}
        name="role"
        defaultValue={role}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <button type="submit" disabled={pending} className={btn} aria-label={`Save role for ${email}`}>
        {pending ? "Saving…" : "Save"}
      </button>
      <ActionStatus state={state} />
    </form>
  );
}

export function DisableForm({ userId, email, disabled }: { userId: string; email: string; disabled: boolean }) {
  const [state, action, pending] = useActionState(setStaffDisabledAction, null);
  return (
    <form action={action} className="flex items-center gap-2">
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="disabled" value={disabled ? "false" : "true"} />
      <button
        type="submit"
        disabled={pending}
        className={btn}
        aria-label={`${disabled ? "Enable" : "Disable"} ${email}`}
      >
        {disabled ? "Enable" : "Disable"}
      </button>
      <ActionStatus state={state} />
    </form>
  );
}

export function ResetTwoFactorForm({ userId, email }: { userId: string; email: string }) {
  const [state, action, pending] = useActionState(resetStaffTwoFactorAction, null);
  return (
    <form
      action={action}
      className="flex items-center gap-2"
      onSubmit={(e) => {
        if (!window.confirm(`Reset two-factor sign-in of ${email}? Their sessions end and they set it up again.`))
          e.preventDefault();
      }}
    >
      <input type="hidden" name="userId" value={userId} />
      <button type="submit" disabled={pending} className={btn} aria-label={`Reset two-factor sign-in of ${email}`}>
        Reset
      </button>
      <ActionStatus state={state} />
    </form>
  );
}
