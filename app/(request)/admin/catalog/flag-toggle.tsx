"use client";
// One on/off flag of a product (hidden or featured) as a pressed/unpressed button; the
// outcome is announced in a polite live region.
import { useState, useTransition } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { setProductFlagsAction } from "./actions";

export function FlagToggle({
  productId,
  flag,
  value,
  label,
  disabled,
}: {
  productId: string;
  flag: "hidden" | "featured";
  value: boolean;
  label: string;
  disabled?: boolean;
}) {
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated(); // a click before hydration would do nothing
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const toggle = () =>
    startTransition(async () => {
      const result = await setProductFlagsAction({ productId, [flag]: !value });
      setMessage({ ok: result.ok, text: result.message ?? "" });
    });
  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        aria-pressed={value}
        aria-label={`${label}: ${value ? "yes" : "no"}`}
        onClick={toggle}
        disabled={!hydrated || disabled || pending}
        className={`rounded-md px-2 py-1 text-xs font-semibold ring-1 ring-inset disabled:opacity-50 ${value ? "bg-slate-900 text-white ring-slate-900" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
      >
        {pending ? "…" : value ? "Yes" : "No"}
      </button>
      <span aria-live="polite" className={`text-xs ${message?.ok === false ? "text-rose-700" : "sr-only"}`}>
        {message?.text}
      </span>
    </span>
  );
}
