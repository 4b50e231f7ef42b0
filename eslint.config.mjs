// ESLint: Next's recommended rules (core web vitals) and typescript-eslint's, plus the project's
// own: unused names are errors unless they start with "_". Formatting is Prettier's job.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          caughtErrors: "none",
        },
      ],
    },
  },
  {
    // Tests read untyped JSON envelopes (the upstream's, the sandbox's) field by field.
    files: ["tests/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Next loads its cache handlers by path, outside the app's bundles: plain CommonJS.
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "node_modules/**",
    "data/**",
    "test-results/**",
    "playwright-report/**",
    "screenshots/**",
    "coverage/**",
    "generated/**",
    "next-env.d.ts",
    "**/*.d.ts",
  ]),
]);
