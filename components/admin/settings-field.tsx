// One labelled text field of a settings form: the label, the input, and its first error in a
// polite live region the input points to (aria-describedby), so a screen reader reads it.
import type { InputHTMLAttributes, ReactNode } from "react";

export const settingsInputClass =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:bg-slate-100";

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "className"> & {
  name: string;
  label: ReactNode;
  /** The form's field errors, keyed by field name. */
  errors: Record<string, string[] | undefined>;
  /** Prefix of the error's id, for forms that share a page (ids stay unique). */
  idPrefix?: string;
  wide?: boolean;
};

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <span id={id} aria-live="polite" className="text-xs text-rose-700">
      {message}
    </span>
  );
}

export function SettingsField({ name, label, errors, idPrefix = "", wide, ...input }: FieldProps) {
  const errorId = `${idPrefix}${name}-error`;
  return (
    <label className={`text-sm font-medium text-slate-700${wide ? " sm:col-span-3" : ""}`}>
      {label}
      <input name={name} aria-describedby={errorId} className={settingsInputClass} {...input} />
      <FieldError id={errorId} message={errors[name]?.[0]} />
    </label>
  );
}
