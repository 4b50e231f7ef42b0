// npm run create-owner -- owner@example.com — creates (or promotes) an owner and prints a
// generated password once; it is not stored in clear anywhere.
//   --first                 only when no owner exists yet: owner@localhost (used by `npm run setup`)
//   --password-env NAME     take the password from variable NAME instead (e2e server only)
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
    console.error("usage: npm run create-owner -- owner@example.com [--password-env NAME]");
    return 2;
  }
  const envName = args[args.indexOf("--password-env") + 1];
  const given = args.includes("--password-env") ? process.env[envName] : undefined;
  if (args.includes("--password-env") && (!given || given.length < 8)) {
    console.error(`${envName} must hold a password of at least 8 characters`);
    return 2;
  }
  const result = await createOwner(email, given);
  console.log(`${result.created ? "Created" : "Updated"} owner ${result.email}`);
  if (!given) console.log(`Password (shown once): ${result.password}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error("create-owner failed:", err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
