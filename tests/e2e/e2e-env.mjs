// The configuration the end-to-end server runs with: one place for the server script and for
// the specs that need its values (sandbox key, owner password, secrets the bundle scan looks for).
export const e2ePort = process.env.E2E_PORT ?? "3100";

/** The SMTP sink the server script starts for the shop (tests/helpers/smtp-sink.mjs), and where it files what it receives. */
export const e2eSmtpPort = String(Number(e2ePort) + 2000);
export const e2eMailDir = "data/e2e/mail";

export const e2eSecrets = {
  SANDBOX_API_KEY: "sandbox_test_key_0123456789",
  UPSTREAM_WEBHOOK_SECRET: "whsec_e2e_secret",
  CODES_ENCRYPTION_KEY: "e2e0".repeat(16),
  NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret",
};

// The e2e owner is enrolled in two-factor sign-in with this secret, so tests compute its codes.
export const e2eOwner = {
  email: "owner@e2e.test",
  password: process.env.E2E_OWNER_PASSWORD ?? "e2e-owner-password-0123",
  totpSecret: process.env.E2E_OWNER_TOTP_SECRET ?? "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};

export const e2eEnv = {
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_DIST_DIR: ".next-e2e",
  PORT: e2ePort,
  APP_URL: `http://localhost:${e2ePort}`,
  NEXTAUTH_URL: `http://localhost:${e2ePort}`,
  DATABASE_URL: "file:./data/e2e/shop.db",
  SANDBOX_ENABLED: "true",
  SANDBOX_DB_PATH: "./data/e2e/sandbox.db",
  SANDBOX_SETTLE_MS: "3000",
  SANDBOX_CATALOG_SIZE: "300",
  RECONCILE_INTERVAL_MS: "1000",
  BACKGROUND_JOBS: "true",
  SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort}`,
  MAIL_FROM: "Giftly E2E <orders@e2e.test>",
  E2E_OWNER_PASSWORD: e2eOwner.password,
  E2E_OWNER_TOTP_SECRET: e2eOwner.totpSecret,
  ...e2eSecrets,
};
