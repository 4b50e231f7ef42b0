"use client";
// Deletes one narrower rule after a confirm; the result is announced politely.
import { useState, useTransition } from "react";
import { deletePricingRuleAction } from "./actions";

export function DeleteRuleButton({ id, label }: { id: string; label: string }) {
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState("");
  const remove = () => {
    if (!window.confirm(`Delete the rule for ${label}? Its products fall back to the next rule.`)) return;
    startTransition(async () => setMessage((await deletePricingRuleAction({ id })).message ?? ""));
  };
  return (
    <span>
      <button
        type="button"
        onClick={remove}
        disabled={pending}
        className="text-sm font-medium text-rose-700 hover:underline disabled:opacity-50"
      >
        {pending ? "Deleting…" : "Delete"}
      </button>
      <span aria-live="polite" className="ml-2 text-xs text-slate-600">
        {message}
      </span>
    </span>
  );
}
