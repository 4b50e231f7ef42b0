// npm run create-owner -- owner@example.com — creates (or promotes) an owner and prints a
// generated password once; it is not stored in clear anywhere.
//   --first                 only when no owner exists yet: owner@localhost (used by `npm run setup`)
//   --password-env NAME     take the password from variable NAME instead (e2e server only)
//   --totp-secret-env NAME  enrol in two-factor sign-in with the base32 secret in NAME (e2e only)
//   --reset-two-factor      remove the owner's two-factor sign-in (a lost device, no recovery
//                           code and no other owner); they enrol again at next sign-in
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd());

async function main(args: string[]): Promise<number> {
  const { createOwner, ensureFirstOwner } = await import("@/lib/auth/accounts");
  if (args.includes("--first")) {
    const created = await ensureFirstOwner();
    if (created) console.log(`Created owner ${created.email}\nPassword (shown once): ${created.password}`);
    return 0;
  }
  const email = args.find((a) => a.includes("@"));
  if (!email) {
    console.error(
      "usage: npm run create-owner -- owner@example.com [--password-env NAME] [--totp-secret-env NAME] [--reset-two-factor]",
    );
    return 2;
  }
  const envName = args[args.indexOf("--password-env") + 1];
  const given = args.includes("--password-env") ? process.env[envName] : undefined;
  if (args.includes("--password-env") && (!given || given.length < 8)) {
    console.error(`${envName} must hold a password of at least 8 characters`);
    return 2;
  }
  if (args.includes("--reset-two-factor")) {
    const { db } = await import("@/lib/db");
    const { clearTwoFactor } = await import("@/lib/auth/two-factor/manage");
    const user = await db.user.findUnique({
      where: { email: email.trim().toLowerCase() },
      select: { id: true, role: true },
    });
    if (!user || user.role !== "owner") {
      console.error(`${email} is not an owner`);
      return 2;
    }
    await clearTwoFactor(user.id);
    console.log(`Two-factor sign-in of ${email} removed and its sessions ended; it enrols again at next sign-in.`);
    return 0;
  }
  const result = await createOwner(email, given);
  console.log(`${result.created ? "Created" : "Updated"} owner ${result.email}`);
  if (!given) console.log(`Password (shown once): ${result.password}`);
  if (args.includes("--totp-secret-env")) {
    const secret = process.env[args[args.indexOf("--totp-secret-env") + 1]];
    if (!secret) {
      console.error("--totp-secret-env names an unset variable");
      return 2;
    }
    const { db } = await import("@/lib/db");
    const { enrolTwoFactorWithSecret } = await import("@/lib/auth/two-factor/enrolment");
    const user = await db.user.findUniqueOrThrow({ where: { email: result.email }, select: { id: true } });
    await enrolTwoFactorWithSecret(user.id, secret);
    console.log(`Enrolled ${result.email} in two-factor sign-in with the given secret`);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error("create-owner failed:", err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
