// The staff variant of the one server-action shape (lib/http/action.ts): the permission is
// checked before the input is even parsed, so a signed-out caller learns nothing about the form.
import "server-only";
import type { z } from "zod";
import { requirePermission, type Permission, type StaffUser } from "@/lib/auth/guards";
import type { ActionState } from "@/lib/errors";
import { runAction } from "@/lib/http/action";

/** Runs an admin action for `permission`; the work receives the acting staff member and the parsed input. */
export function runStaffAction<S extends z.ZodType>(
  permission: Permission,
  schema: S,
  input: unknown,
  work: (actor: StaffUser, data: z.output<S>) => Promise<ActionState>,
  opts: { failMessage?: string } = {},
): Promise<ActionState> {
  return runAction(
    { name: permission, guard: () => requirePermission(permission), schema, input, failMessage: opts.failMessage },
    (data, actor) => work(actor, data),
  );
}
