// The one shape of every admin mutation: permission first, then a strict zod parse, then the
// work. Refusals and bad input come back as an ActionState; unexpected errors never leak.
import "server-only";
import { z } from "zod";
import { requirePermission, type Permission, type StaffUser } from "@/lib/auth/guards";
import { AppError, type ActionState } from "@/lib/errors";
import { log } from "@/lib/log";

/**
 * Runs an admin action for `permission`. The guard runs before the input is even parsed, so a
 * signed-out caller learns nothing about the schema; AppErrors become their user message.
 */
export async function runStaffAction<S extends z.ZodType>(
  permission: Permission,
  schema: S,
  input: unknown,
  work: (actor: StaffUser, data: z.output<S>) => Promise<ActionState>,
): Promise<ActionState> {
  try {
    const actor = await requirePermission(permission);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      return {
        ok: false,
        message: "Please check the form and try again.",
        fieldErrors: z.flattenError(parsed.error).fieldErrors as Record<string, string[]>,
      };
    }
    return await work(actor, parsed.data);
  } catch (error) {
    if (error instanceof AppError) return { ok: false, message: error.userMessage };
    log.error({ err: error, permission }, "admin action failed");
    return { ok: false, message: "Something went wrong. Please try again." };
  }
}

/** FormData to a plain object for schemas (checkboxes arrive as "on", absent when unticked). */
export function formToObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && !k.startsWith("$ACTION")) out[k] = v;
  return out;
}
