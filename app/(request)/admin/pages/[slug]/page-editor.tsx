"use client";
// The Markdown editor of one page; the result and field errors are announced in aria-live regions.
import { useActionState } from "react";
import type { ActionState } from "@/lib/errors";
import { savePageAction } from "../actions";

export function PageEditor({
  slug,
  locale,
  title,
  body,
  canWrite,
}: {
  slug: string;
  locale: string;
  title: string;
  body: string;
  canWrite: boolean;
}) {
  const [state, action, pending] = useActionState<ActionState | null, FormData>(savePageAction, null);
  const errors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  const input = "mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:bg-slate-100";
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="locale" value={locale} />
      <fieldset disabled={!canWrite} className="space-y-4">
        <label className="block text-sm font-medium text-slate-700">
          Title
          <input
            name="title"
            defaultValue={title}
            required
            maxLength={120}
            aria-describedby="title-error"
            className={input}
          />
          <span id="title-error" aria-live="polite" className="text-xs text-rose-700">
            {errors.title?.[0]}
          </span>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Text (Markdown)
          <textarea
            name="body"
            defaultValue={body}
            rows={18}
            maxLength={20_000}
            aria-describedby="body-error"
            className={`${input} font-mono`}
          />
          <span id="body-error" aria-live="polite" className="text-xs text-rose-700">
            {errors.body?.[0]}
          </span>
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={pending}
            className="rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50"
          >
            {pending ? "Saving…" : "Save page"}
          </button>
          <p aria-live="polite" className={`text-sm ${state?.ok === false ? "text-rose-700" : "text-emerald-700"}`}>
            {state?.message}
          </p>
        </div>
        {canWrite ? null : <p className="text-sm text-slate-600">Only an owner can edit pages.</p>}
      </fieldset>
    </form>
  );
}
