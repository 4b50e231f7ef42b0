// Secret values anyone can read in this repository (examples, defaults, test fixtures, past
// versions of them): one list, so a production start can refuse every one of them.

/** Values published here; a secret equal to one of them protects nothing. */
export const knownSecretValues: readonly string[] = [
  // lib/env.ts default and every test fixture of the sandbox key
  "sandbox_test_key_0123456789",
  "sandbox_bench_key_0123456789",
  "budget_test_key_abcdef",
  "wrong_key_000000",
  // .env.example (before setup generated every secret) and test fixtures of the webhook secret
  "whsec_sandbox_change_me",
  "whsec_test_secret",
  "whsec_e2e_secret",
  "whsec_bench_secret",
  "whsec_stripe_test_secret_0123456789",
  "whsec_unit_test_secret",
  "whsec_someone_else",
  "whsec_new",
  "whsec_wrong",
  "whsec_other",
  "whsec_unit",
  "someone_else",
  // keys and webhook secrets of further suppliers in the tests (docs/suppliers.md)
  "key_main",
  "whsec_main",
  "whsec_b",
  "explicit_b_key",
  "sbx_demo_key_0123",
  "sbx_demo_key_0123_b",
  "whsec_demo",
  "whsec_demo_b",
  "sandbox_b_key_0123456789",
  "whsec_supplier_b_secret",
  // session secrets of the test setups
  "test-secret-test-secret-test-secret",
  "e2e-secret-e2e-secret-e2e-secret",
  "bench-secret-bench-secret-bench",
  // codes keys of the test setups and of the standalone sandbox server
  "0".repeat(63) + "1",
  "0".repeat(64),
  "ab".repeat(32),
  "e2e0".repeat(16),
  "be4c".repeat(16),
  // metrics token, chat webhook secret and budget key of the operations tests
  "metrics-token-0123456789abcdef",
  "chat-webhook-secret-0123456789",
  "alerts-test-key-0000",
  // placeholders in the documentation
  "sk_test_...",
  "sk_live_...",
  "whsec_...",
  "change-me",
];

const known = new Set(knownSecretValues.map((v) => v.toLowerCase()));

/**
 * Why `value` cannot protect anything, or null when it may be a real secret: published in this
 * repository, or so repetitive (fewer than 8 different characters) that it is a placeholder.
 */
export function weakSecretReason(value: string): string | null {
  if (known.has(value.trim().toLowerCase())) return "has a value published in this repository";
  if (new Set(value).size < 8) return "looks like a placeholder (fewer than 8 different characters)";
  return null;
}
