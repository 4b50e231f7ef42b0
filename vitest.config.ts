import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(__dirname),
  // Next's server-only guard throws outside a React Server bundle; tests run on the server anyway.
  "server-only": path.resolve(__dirname, "tests/helpers/empty-module.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/helpers/setup-env.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/helpers/setup-env.ts", "tests/helpers/setup-db.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same integration suite on PostgreSQL (TEST_POSTGRES_URL, default a local "shop"
        // role). The sandbox's own tests are left out: it keeps its state in SQLite either way.
        resolve: { alias },
        test: {
          name: "integration-pg",
          include: ["tests/integration/**/*.test.ts"],
          exclude: ["tests/integration/sandbox/**"],
          environment: "node",
          env: { TEST_DB: "postgresql" },
          globalSetup: ["tests/helpers/postgres-global.ts"],
          setupFiles: ["tests/helpers/setup-env.ts", "tests/helpers/setup-db.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
