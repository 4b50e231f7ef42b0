// Idempotent seed: default pricing rules. Run by `npm run setup` and safe to repeat.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd());

async function main() {
  const { seedDefaults } = await import("../lib/seed");
  await seedDefaults();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
