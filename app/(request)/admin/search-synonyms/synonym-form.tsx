"use client";
// Create/edit form of one search synonym, validated in the browser with the action's own schema;
// an existing one can be deleted from here too. Field errors and the answer are announced.
import { useState, useTransition } from "react";
import { ActionStatus } from "@/components/admin/action-status";
import { searchSynonymSchema, type SearchSynonymForm } from "@/lib/admin/search-synonyms/schema";
import { searchLanguageNames, searchLanguages } from "@/lib/catalog/search/languages";
import { fieldErrorsOf, type ActionState } from "@/lib/errors";
import { deleteSearchSynonymAction, saveSearchSynonymAction } from "./actions";

type Errors = Record<string, string[] | undefined>;
const input = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm";

export function SynonymForm({ initial }: { initial: SearchSynonymForm }) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<ActionState | null>(null);
  const [pending, startTransition] = useTransition();
  const prefix = initial.id ?? "new";
  const set = (k: "language" | "term" | "expandsTo") => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft({ ...draft, [k]: e.target.value });
  const field = (k: "term" | "expandsTo", label: string) => (
    <label className="block flex-1 text-sm">
      {label}
      <input
        className={input}
        value={draft[k]}
        onChange={set(k)}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={`${prefix}-${k}-error`}
      />
      <span id={`${prefix}-${k}-error`} aria-live="polite" className="text-xs text-rose-700">
        {errors[k]?.join(" ")}
      </span>
    </label>
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = searchSynonymSchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    startTransition(async () => {
      const result = await saveSearchSynonymAction(draft);
      setState(result);
      if (!result.ok) setErrors(result.fieldErrors ?? {});
      else if (!initial.id) setDraft(initial);
    });
  };
  const remove = () => {
    if (!initial.id || !window.confirm(`Delete the synonym “${initial.term}”?`)) return;
    startTransition(async () => setState(await deleteSearchSynonymAction({ id: initial.id })));
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-start gap-3">
      <label className="block text-sm">
        Language
        <select className={input} value={draft.language} onChange={set("language")}>
          {searchLanguages.map((l) => (
            <option key={l} value={l}>
              {searchLanguageNames[l]}
            </option>
          ))}
        </select>
      </label>
      {field("term", "Shoppers type")}
      {field("expandsTo", "Search also finds")}
      <div className="flex items-center gap-3 pt-6">
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50"
        >
          {pending ? "Saving…" : initial.id ? "Save" : "Add synonym"}
        </button>
        {initial.id ? (
          <button type="button" onClick={remove} disabled={pending} className="text-sm text-rose-700 hover:underline">
            Delete
          </button>
        ) : null}
      </div>
      <div className="basis-full">
        <ActionStatus state={state} />
      </div>
    </form>
  );
}
