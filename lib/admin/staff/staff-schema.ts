// Input for the owner's staff-account forms; shared by the browser form and the server actions.
import { z } from "zod";

const id = z.string().min(1).max(64);
export const staffRoleSchema = z.enum(["owner", "staff", "support"], "Choose owner, staff or support.");

/** The email check mirrors lib/auth/sign-in's emailSchema (loose: owner@localhost is valid). */
export const createStaffSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .regex(/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u, "Enter a valid email."),
    role: staffRoleSchema,
  })
  .strict();
export type CreateStaff = z.infer<typeof createStaffSchema>;

export const changeRoleSchema = z.object({ userId: id, role: staffRoleSchema }).strict();
export type ChangeRole = z.infer<typeof changeRoleSchema>;

export const setDisabledSchema = z.object({ userId: id, disabled: z.enum(["true", "false"]) }).strict();
export type SetDisabled = z.infer<typeof setDisabledSchema>;

export const resetTwoFactorSchema = z.object({ userId: id }).strict();
export type ResetTwoFactor = z.infer<typeof resetTwoFactorSchema>;
