"use client";
// Enables or disables one market; the result is announced politely.
import { useState, useTransition } from "react";
import { setMarketEnabledAction } from "./actions";

export function EnableMarketButton({ id, name, enabled }: { id: string; name: string; enabled: boolean }) {
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState("");
  const toggle = () => {
    if (enabled && !window.confirm(`Disable ${name}? Its shoppers will be sent to another market.`)) return;
    startTransition(async () => setMessage((await setMarketEnabledAction({ id, enabled: !enabled })).message ?? ""));
  };
  return (
    <span>
      <button
        type="button"
        onClick={toggle}
        disabled={pending}
        className="text-sm font-medium text-slate-700 hover:underline disabled:opacity-50"
      >
        {pending ? "Saving…" : enabled ? `Disable ${name}` : `Enable ${name}`}
      </button>
      <span aria-live="polite" className="ml-2 text-xs text-slate-600">
        {message}
      </span>
    </span>
  );
}
