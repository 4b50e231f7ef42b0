// Creating accounts: the first owner (CLI and setup), staff, and shoppers signing up.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { UserRole } from "./roles";
import { generatePassword, hashPassword } from "./password";
import { normaliseEmail } from "./sign-in";
import { accountLanguageData } from "./account-language";

/** Creates a user; a duplicate email is a conflict the caller can show. */
export async function createUser(input: {
  email: string;
  password: string;
  role: UserRole;
  verified?: boolean;
  now?: Date;
  /** The page's language at sign-up: the holder's emails are written in it (lib/auth/account-language.ts). */
  locale?: string;
}): Promise<{ id: string; email: string }> {
  const email = normaliseEmail(input.email);
  try {
    return await db.user.create({
      data: {
        email,
        passwordHash: await hashPassword(input.password),
        role: input.role,
        emailVerifiedAt: input.verified ? (input.now ?? new Date()) : null,
        ...accountLanguageData(input.locale),
      },
      select: { id: true, email: true },
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      throw new AppError("conflict", { userMessage: "An account with this email already exists." });
    }
    throw err;
  }
}

/**
 * Creates an owner with the given password, or a generated one (returned once, never stored
 * in clear). An existing user with that email is promoted to owner and gets the new password.
 */
export async function createOwner(
  emailInput: string,
  password?: string,
): Promise<{ email: string; password: string; created: boolean }> {
  const email = normaliseEmail(emailInput);
  const pw = password ?? generatePassword();
  const existing = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    await db.user.update({
      where: { id: existing.id },
      data: { role: "owner", passwordHash: await hashPassword(pw), disabledAt: null },
    });
    return { email, password: pw, created: false };
  }
  await createUser({ email, password: pw, role: "owner", verified: true });
  return { email, password: pw, created: true };
}

/** Setup step: when no owner exists, creates owner@localhost with a random password (printed once by the caller). */
export async function ensureFirstOwner(): Promise<{ email: string; password: string } | null> {
  const owner = await db.user.findFirst({ where: { role: "owner" }, select: { id: true } });
  if (owner) return null;
  const { email, password } = await createOwner("owner@localhost");
  return { email, password };
}
