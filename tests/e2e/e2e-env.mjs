// The configuration the end-to-end server runs with: one place for the server script and for
// the specs that need its values (sandbox key, owner password, secrets the bundle scan looks for).
// A production build refuses secrets published in the repository, so the secrets are random,
// made once per checkout and kept in data/e2e-secrets.json (git-ignored) for every process of a
// run: the server, the specs, and later runs against a reused server.
import crypto from "node:crypto";
import fs from "node:fs";

export const e2ePort = process.env.E2E_PORT ?? "3100";

/** The SMTP sink the server script starts for the shop (tests/helpers/smtp-sink.mjs), and where it files what it receives. */
export const e2eSmtpPort = String(Number(e2ePort) + 2000);
export const e2eMailDir = "data/e2e/mail";

const secretsFile = "data/e2e-secrets.json";

function loadSecrets() {
  const fresh = {
    SANDBOX_API_KEY: `sbx_${crypto.randomBytes(24).toString("hex")}`,
    UPSTREAM_WEBHOOK_SECRET: `whsec_${crypto.randomBytes(24).toString("hex")}`,
    CODES_ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
    NEXTAUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
  };
  fs.mkdirSync("data", { recursive: true });
  try {
    // "wx": only the first process writes; every other one reads what it wrote.
    fs.writeFileSync(secretsFile, JSON.stringify(fresh), { flag: "wx", mode: 0o600 });
    return fresh;
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
    return JSON.parse(fs.readFileSync(secretsFile, "utf8"));
  }
}

const stored = loadSecrets();
/** The run's secrets; the metrics token is derived (a secrets file from before it existed still works). */
export const e2eSecrets = {
  ...stored,
  METRICS_TOKEN: crypto.createHash("sha256").update(`metrics:${stored.NEXTAUTH_SECRET}`).digest("hex"),
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
  // A deliberate demo: the sandbox upstream, the TEST card, "demo" on every page.
  DEMO_MODE: "true",
  SANDBOX_ENABLED: "true",
  SANDBOX_DB_PATH: "./data/e2e/sandbox.db",
  SANDBOX_SETTLE_MS: "3000",
  SANDBOX_CATALOG_SIZE: "300",
  // A second supplier, b, served by the same sandbox (docs/suppliers.md#sandbox). The shop has no
  // offers until a full sync is started by hand, so every spec buys from main unless it asks
  // for b (tests/e2e/suppliers/).
  UPSTREAM_SUPPLIERS: "b",
  SANDBOX_SUPPLIERS: "b",
  RECONCILE_INTERVAL_MS: "1000",
  // The monitor evaluates alerts every 2 s and reads the balance every 10 s, so a lowered
  // sandbox wallet is noticed within seconds (production: 60 s and 5 minutes).
  MONITOR_INTERVAL_S: "2",
  WALLET_READ_INTERVAL_S: "10",
  METRICS_TOKEN: e2eSecrets.METRICS_TOKEN,
  BACKGROUND_JOBS: "true",
  SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort}`,
  MAIL_FROM: "Giftly E2E <orders@e2e.test>",
  // The browser and the specs' requests come from this machine; the per-client limit specs use
  // other loopback addresses (127.0.0.x), which stay limited.
  RATE_LIMIT_EXEMPT: "127.0.0.1,::1",
  E2E_OWNER_PASSWORD: e2eOwner.password,
  E2E_OWNER_TOTP_SECRET: e2eOwner.totpSecret,
  ...e2eSecrets,
};
