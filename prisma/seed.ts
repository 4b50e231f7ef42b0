// Idempotent seed: default pricing rules and the demo markets. Run by `npm run setup` and safe to repeat.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd());

async function main() {
  const { seedDefaults } = await import("../lib/seed");
  const { marketsCreated } = await seedDefaults();
  if (marketsCreated.length > 0)
    console.log(
      `created markets: ${marketsCreated.join(", ")} (other currencies at DEMO rates: set real ones in Admin → Markets before going live)`,
    );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
