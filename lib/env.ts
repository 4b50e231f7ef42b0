// Validated configuration: parsed once from process.env; a bad variable stops start-up
// with its name. Everything else imports `env` from here instead of reading process.env.
import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0", ""]).transform((v) => v === "true" || v === "1");
/** A comma-separated list: items trimmed, blanks dropped; unset is empty. */
const commaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v : undefined));

/** 32 bytes, hex (64 chars) or base64 (44 chars): the AES-256-GCM key for codes at rest. */
const aesKey = z
  .string()
  .refine(
    (v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, "base64").length === 32,
    "must be 32 bytes as 64 hex characters or base64",
  );

/** pino's levels, quietest last; LOG_LEVEL picks the lowest one written (lib/log.ts). */
export const logLevels = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres(ql)?:\/\/)/, "must start with file: or postgres://")
    .default("file:./data/shop.db"),
  /** PostgreSQL only: connections per app process (instances × this must stay under max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** How long a transaction may wait for a connection, and then run, before Prisma abandons it (P2028). */
  DATABASE_TX_MAX_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  DATABASE_TX_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  SHOP_NAME: z.string().min(1).default("Giftly"),
  /** Currency of upstream prices (the API wallet's) and so of every shop price; a product's `currency` is its face value's. */
  SHOP_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default("USD"),

  UPSTREAM_BASE_URL: z.url().optional(),
  UPSTREAM_API_KEY: optionalString,
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(15_000),
  UPSTREAM_PURCHASE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  UPSTREAM_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
  UPSTREAM_SIGNING_PRIVATE_KEY: optionalString,
  UPSTREAM_DECRYPTION_PRIVATE_KEY: optionalString,
  UPSTREAM_WEBHOOK_SECRET: optionalString,
  UPSTREAM_WEBHOOK_SECRET_PREVIOUS: optionalString,
  UPSTREAM_WEBHOOK_PREVIOUS_UNTIL: z.iso.datetime({ offset: true }).optional(),

  /**
   * The explicit opt-in to run a production build as a DEMO (the sandbox upstream, the TEST card
   * provider): every page then says "demo". Without it a production start refuses unsafe settings.
   */
  DEMO_MODE: bool.default(false),
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For (0 = none: the
   * client is the socket's peer and X-Forwarded-For is ignored, since any client can send it).
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Client addresses that per-client limits never refuse (load tests, monitoring), comma-separated. */
  RATE_LIMIT_EXEMPT: commaList,
  SANDBOX_ENABLED: bool.default(false),
  /** Sell the upstream's `test` products (by direct link; never listed). Default: SANDBOX_ENABLED. */
  TEST_PRODUCTS_ENABLED: bool.optional(),
  /** Unset or empty: a development default, which a production start refuses (lib/live-mode). */
  SANDBOX_API_KEY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(8).default("sandbox_test_key_0123456789"),
  ),
  SANDBOX_DB_PATH: z.string().default("./data/sandbox.db"),
  SANDBOX_CATALOG_SIZE: z.coerce.number().int().min(0).max(100_000).default(300),
  SANDBOX_SETTLE_MS: z.coerce.number().int().min(0).default(8000),
  SANDBOX_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
  SANDBOX_INITIAL_BALANCE: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .default("5000.00"),
  SANDBOX_WEBHOOK_URL: z.string().optional(),
  /** More sandbox suppliers served in this process at /sandbox/<name>/v1 (docs/suppliers.md#sandbox), comma-separated. */
  SANDBOX_SUPPLIERS: z.string().optional(),

  CODES_ENCRYPTION_KEY: aesKey,
  NEXTAUTH_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(16).optional()),
  /** Largest line refund a "staff" member may issue (owners are unlimited), in SHOP_CURRENCY. */
  STAFF_REFUND_LIMIT: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/)
    .default("200.00"),
  /** smtp://user:pass@host:587 or smtps://…:465 (nodemailer's URL form); unset = emails stay in the outbox. */
  SMTP_URL: optionalString.refine(
    (v) => v === undefined || /^smtps?:\/\/[^/]/i.test(v),
    "must start with smtp:// or smtps:// and name a host",
  ),
  MAIL_FROM: z.string().default("Giftly <orders@localhost>"),

  CATALOG_DELTA_INTERVAL_S: z.coerce.number().int().min(0).default(300),
  CATALOG_FULL_INTERVAL_S: z.coerce.number().int().min(0).default(86_400),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  /** How long the TEST card 4000 0000 0000 3220 stays pending before it confirms. */
  TEST_PAYMENT_DELAY_MS: z.coerce.number().int().min(0).default(5000),
  BACKGROUND_JOBS: bool.default(true),
  /** Set = take real payments with Stripe Checkout instead of the TEST provider (sk_test_… / sk_live_…). */
  STRIPE_SECRET_KEY: optionalString,
  /** The webhook endpoint's signing secret (whsec_…) for /api/webhooks/stripe. */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Only for tests/local fakes: where the stripe library sends API calls (default https://api.stripe.com). */
  STRIPE_API_BASE: z.url().optional(),
  /** How long a Stripe Checkout Session stays payable (Stripe allows 30 min to 24 h). */
  STRIPE_SESSION_TTL_MIN: z.coerce.number().int().min(30).max(1440).default(60),
  WEBHOOK_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** Test rigs only (a production start refuses it): outbound fetches to hosts the shop was given may reach private and loopback addresses. */
  OUTBOUND_ALLOW_PRIVATE: bool.default(false),
  /** Where the image route keeps resized catalog artwork (per instance; safe to delete). */
  IMAGE_CACHE_DIR: z.string().min(1).default("./data/image-cache"),
  /** Bearer token for GET /api/metrics (Prometheus); unset = the endpoint answers 404. */
  METRICS_TOKEN: optionalString.refine(
    (v) => v === undefined || v.length >= 24,
    "must be at least 24 characters (openssl rand -hex 24)",
  ),
  /** A chat tool's incoming-webhook URL that receives every alert too (signed with ALERT_WEBHOOK_SECRET). */
  ALERT_WEBHOOK_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  ALERT_WEBHOOK_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 16,
    "must be at least 16 characters",
  ),
  /** How often each instance evaluates the alerts (and reads the balance when due). */
  MONITOR_INTERVAL_S: z.coerce.number().int().min(1).default(60),
  /** The upstream balance is read again once the last read is this old (and every pass while sales are paused). */
  WALLET_READ_INTERVAL_S: z.coerce.number().int().min(5).default(300),
  /** The daily reference-rate feed (ECB euro reference-rate XML: docs/markets.md#rates); unset = no feed job. */
  FX_FEED_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  /** A fetched rate that moves more than this (percent) from the active one waits for an owner. */
  FX_JUMP_PERCENT: z.coerce.number().gt(0).max(100).default(5),
  LOG_LEVEL: z.enum(logLevels).default("info"),
  /** Prefix of order references ("GF" → GF-7K3P9Q): 1 to 4 capital letters. */
  ORDER_REFERENCE_PREFIX: z
    .string()
    .regex(/^[A-Z]{1,4}$/, "1 to 4 capital letters")
    .default("GF"),
});

/** The supplier configured by the plain UPSTREAM_* variables (docs/suppliers.md#configuration). */
export const MAIN_SUPPLIER = "main";

/**
 * A supplier's name: lower case, as in its variables' infix (UPSTREAM_B_API_KEY for "b"), its
 * webhook path and its sandbox path. Words of the plain UPSTREAM_* variables are reserved, so a
 * supplier's variables never collide with them.
 */
export const supplierNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9]{0,15}$/, "a lower-case letter, then up to 15 letters or digits")
  .refine(
    (v) =>
      ![
        MAIN_SUPPLIER,
        "base",
        "api",
        "timeout",
        "purchase",
        "rate",
        "signing",
        "decryption",
        "webhook",
        "suppliers",
      ].includes(v),
    "is reserved",
  );

/** What the environment says about one supplier: where it is, its secrets and its budget. */
export type SupplierConfig = {
  name: string;
  baseUrl: string;
  apiKey: string;
  rateLimit: number;
  webhookSecret?: string;
  /** Accepted only before `webhookSecretPreviousUntil` (a rotation window). */
  webhookSecretPrevious?: string;
  webhookSecretPreviousUntil?: string;
  signingPrivateKey?: string;
  decryptionPrivateKey?: string;
};

const supplierVarsSchema = z.object({
  BASE_URL: z.url(),
  API_KEY: z.string().min(1),
  RATE_LIMIT: z.coerce.number().int().min(1).default(100),
  WEBHOOK_SECRET: optionalString,
  WEBHOOK_SECRET_PREVIOUS: optionalString,
  WEBHOOK_PREVIOUS_UNTIL: z.iso.datetime({ offset: true }).optional(),
  SIGNING_PRIVATE_KEY: optionalString,
  DECRYPTION_PRIVATE_KEY: optionalString,
});

const supplierListSchema = commaList
  .pipe(z.array(supplierNameSchema))
  .refine((names) => new Set(names).size === names.length, "names a supplier twice");

type Issue = { path: string; message: string };

/** A list of supplier names in `variable`; a bad one is reported under the variable's name. */
function parseNames(source: Record<string, string | undefined>, variable: string, issues: Issue[]): string[] {
  const names = supplierListSchema.safeParse(source[variable]);
  if (names.success) return names.data;
  for (const i of names.error.issues) issues.push({ path: variable, message: i.message });
  return [];
}

/** What the demo leaves unset for a supplier the sandbox serves (docs/suppliers.md#sandbox). */
export type SandboxSupplierDefaults = { appUrl: string; sandboxApiKey: string; mainWebhookSecret?: string };

/** The sandbox supplier `name`'s API key and webhook secret, derived from the sandbox's and main's. */
export function sandboxSupplierSecrets(name: string, d: Omit<SandboxSupplierDefaults, "appUrl">) {
  return {
    apiKey: `${d.sandboxApiKey}_${name}`,
    webhookSecret: d.mainWebhookSecret ? `${d.mainWebhookSecret}_${name}` : undefined,
  };
}

/**
 * The suppliers after `main`: UPSTREAM_SUPPLIERS=b,c and UPSTREAM_B_BASE_URL, UPSTREAM_B_API_KEY…
 * A supplier the sandbox serves (`sandboxNames`) defaults to the sandbox's address and keys.
 */
function parseMoreSuppliers(
  source: Record<string, string | undefined>,
  issues: Issue[],
  sandbox: { names: string[]; defaults: SandboxSupplierDefaults } | null,
): SupplierConfig[] {
  const suppliers: SupplierConfig[] = [];
  for (const name of parseNames(source, "UPSTREAM_SUPPLIERS", issues)) {
    const prefix = `UPSTREAM_${name.toUpperCase()}_`;
    const vars: Record<string, string | undefined> = Object.fromEntries(
      Object.keys(supplierVarsSchema.shape).map((k) => [k, source[prefix + k] || undefined]),
    );
    if (sandbox?.names.includes(name)) {
      const derived = sandboxSupplierSecrets(name, sandbox.defaults);
      vars.BASE_URL ??= `${sandbox.defaults.appUrl}/sandbox/${name}/v1`;
      vars.API_KEY ??= derived.apiKey;
      vars.WEBHOOK_SECRET ??= derived.webhookSecret;
    }
    const parsed = supplierVarsSchema.safeParse(vars);
    if (!parsed.success) {
      for (const i of parsed.error.issues) issues.push({ path: prefix + i.path.join("."), message: i.message });
      continue;
    }
    const v = parsed.data;
    suppliers.push({
      name,
      baseUrl: v.BASE_URL.replace(/\/$/, ""),
      apiKey: v.API_KEY,
      rateLimit: v.RATE_LIMIT,
      webhookSecret: v.WEBHOOK_SECRET,
      webhookSecretPrevious: v.WEBHOOK_SECRET_PREVIOUS,
      webhookSecretPreviousUntil: v.WEBHOOK_PREVIOUS_UNTIL,
      signingPrivateKey: v.SIGNING_PRIVATE_KEY,
      decryptionPrivateKey: v.DECRYPTION_PRIVATE_KEY,
    });
  }
  return suppliers;
}

export type Env = Omit<z.infer<typeof envSchema>, "TEST_PRODUCTS_ENABLED" | "SANDBOX_SUPPLIERS"> & {
  TEST_PRODUCTS_ENABLED: boolean;
  APP_URL: string;
  UPSTREAM_BASE_URL: string;
  UPSTREAM_API_KEY: string;
  SANDBOX_WEBHOOK_URL: string | undefined;
  /** Every configured supplier, `main` first (docs/suppliers.md#configuration). */
  suppliers: SupplierConfig[];
  /** The suppliers the sandbox serves besides its first (SANDBOX_SUPPLIERS; empty when the sandbox is off). */
  sandboxSuppliers: string[];
};

/** Parses a record of variables; throws an Error that names every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  const issues: Issue[] = result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const appUrl = (
    (result.success ? result.data.APP_URL : undefined) ?? `http://localhost:${result.data?.PORT ?? 3000}`
  ).replace(/\/$/, "");
  const sandboxSuppliers = parseNames(source, "SANDBOX_SUPPLIERS", issues);
  const sandbox =
    result.success && result.data.SANDBOX_ENABLED
      ? {
          names: sandboxSuppliers,
          defaults: {
            appUrl,
            sandboxApiKey: result.data.SANDBOX_API_KEY,
            mainWebhookSecret: result.data.UPSTREAM_WEBHOOK_SECRET,
          },
        }
      : null;
  const more = parseMoreSuppliers(source, issues, sandbox);
  if (!result.success || issues.length > 0) {
    const lines = issues.map((i) => `  ${i.path}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  const upstreamBaseUrl = (e.UPSTREAM_BASE_URL ?? `${appUrl}/sandbox/v1`).replace(/\/$/, "");
  const upstreamApiKey = e.UPSTREAM_API_KEY ?? e.SANDBOX_API_KEY;
  const main: SupplierConfig = {
    name: MAIN_SUPPLIER,
    baseUrl: upstreamBaseUrl,
    apiKey: upstreamApiKey,
    rateLimit: e.UPSTREAM_RATE_LIMIT,
    webhookSecret: e.UPSTREAM_WEBHOOK_SECRET,
    webhookSecretPrevious: e.UPSTREAM_WEBHOOK_SECRET_PREVIOUS,
    webhookSecretPreviousUntil: e.UPSTREAM_WEBHOOK_PREVIOUS_UNTIL,
    signingPrivateKey: e.UPSTREAM_SIGNING_PRIVATE_KEY,
    decryptionPrivateKey: e.UPSTREAM_DECRYPTION_PRIVATE_KEY,
  };
  return {
    ...e,
    APP_URL: appUrl,
    UPSTREAM_BASE_URL: upstreamBaseUrl,
    UPSTREAM_API_KEY: upstreamApiKey,
    suppliers: [main, ...more],
    sandboxSuppliers: e.SANDBOX_ENABLED ? sandboxSuppliers : [],
    // Instances pointed at a sandbox server of its own (several instances) turn this on by hand.
    TEST_PRODUCTS_ENABLED: e.TEST_PRODUCTS_ENABLED ?? e.SANDBOX_ENABLED,
    // Unset means "the shop's own receiver"; an empty string switches sandbox webhooks off.
    SANDBOX_WEBHOOK_URL:
      e.SANDBOX_WEBHOOK_URL === undefined ? `${appUrl}/api/webhooks/upstream` : e.SANDBOX_WEBHOOK_URL || undefined,
  };
}

let cached: Env | undefined;

/** The process configuration, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests change variables between files; this drops the parsed copy. */
export function resetEnvForTests(): void {
  cached = undefined;
}

export const env: Env = new Proxy({} as Env, {
  get: (_t, key: string) => getEnv()[key as keyof Env],
});
