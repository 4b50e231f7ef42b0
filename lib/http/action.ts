// The one shape of every server action: who may call it first, then a strict parse of the input,
// then the work; the answer is always an ActionState for the form (lib/errors.ts), never a thrown
// error. Bad input comes back as field errors, an AppError as its user message, anything else as
// a generic message (logged by name only: messages can quote what the user typed).
import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { AppError, fieldErrorsOf, type ActionState } from "@/lib/errors";
import { log } from "@/lib/log";

export const checkFormMessage = "Please check the form.";
export const somethingWentWrong = "Something went wrong. Please try again.";

/** For actions that take no input (a button): only an empty object passes. */
export const noInput = z.object({}).strict();

export type ActionSpec<S extends z.ZodType, A> = {
  /** Names the action in logs. */
  name: string;
  /** Who may call it: resolves to the caller, or throws an AppError (unauthorized, forbidden). */
  guard?: () => Promise<A>;
  schema: S;
  input: unknown;
  /** What the form says when the input does not parse. */
  invalidMessage?: string;
  /** What the form says when the work failed unexpectedly. */
  failMessage?: string;
};

/** How every action can fail: a message for the form, and the fields to mark. */
export type ActionFailure = { ok: false; message: string; fieldErrors?: Record<string, string[]> };

/**
 * Runs one server action as described above. The work may answer with a richer state than
 * ActionState (a checkout's token, a quote): every failure this adds is an ActionFailure.
 */
export async function runAction<S extends z.ZodType, A = undefined, R extends { ok: boolean } = ActionState>(
  spec: ActionSpec<S, A>,
  work: (input: z.output<S>, caller: A) => Promise<R>,
): Promise<R | ActionFailure> {
  try {
    const caller = spec.guard ? await spec.guard() : (undefined as A);
    const parsed = spec.schema.safeParse(spec.input);
    if (!parsed.success)
      return { ok: false, message: spec.invalidMessage ?? checkFormMessage, fieldErrors: fieldErrorsOf(parsed.error) };
    return await work(parsed.data, caller);
  } catch (error) {
    if (error instanceof AppError) return { ok: false, message: error.userMessage };
    log.error({ err: error, action: spec.name }, "action failed");
    return { ok: false, message: spec.failMessage ?? somethingWentWrong };
  }
}

/** FormData to a plain object for a schema (Next's own $ACTION fields left out; an unticked checkbox is absent). */
export function formToObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && !k.startsWith("$ACTION")) out[k] = v;
  return out;
}

/** Refreshes a page after a change; outside a request (a script, a test) there is nothing to refresh. */
export function refreshPage(path: string, type?: "layout" | "page"): void {
  try {
    revalidatePath(path, type);
  } catch {
    // No request scope: nothing is cached to revalidate.
  }
}
