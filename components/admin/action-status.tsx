// The line under a staff form that announces what its server action answered (ActionState):
// green when it worked, red when it was refused, read out by screen readers either way.
import type { ActionState } from "@/lib/errors";

export function ActionStatus({ state, id }: { state: ActionState | null; id?: string }) {
  return (
    <p
      id={id}
      role="status"
      aria-live="polite"
      className={`text-sm ${state?.ok === false ? "text-rose-700" : "text-emerald-800"}`}
    >
      {state?.message}
    </p>
  );
}
