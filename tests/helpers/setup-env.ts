// Test configuration: deterministic keys, the sandbox on, no background timers.
import { vi } from "vitest";

(process.env as Record<string, string | undefined>).NODE_ENV ??= "test";
process.env.CODES_ENCRYPTION_KEY ??= "0".repeat(63) + "1";
process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret";
process.env.SANDBOX_ENABLED = "true";
process.env.SANDBOX_API_KEY ??= "sandbox_test_key_0123456789";
process.env.UPSTREAM_WEBHOOK_SECRET ??= "whsec_test_secret";
process.env.APP_URL ??= "http://shop.test";
process.env.BACKGROUND_JOBS = "false";
process.env.LOG_LEVEL ??= "warn";

// Route handlers wait for their request with Next's connection() (lib/http/route.ts), which
// throws outside a Next request scope; a test calls a handler with its request directly, so
// there is nothing to wait for.
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  connection: async () => {},
}));
