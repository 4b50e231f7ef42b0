import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

const base = { CODES_ENCRYPTION_KEY: "ab".repeat(32) };

describe("parseEnv", () => {
  it("runs the whole shop against the sandbox with defaults alone", () => {
    const env = parseEnv(base);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.UPSTREAM_BASE_URL).toBe("http://localhost:3000/sandbox/v1");
    expect(env.UPSTREAM_API_KEY).toBe(env.SANDBOX_API_KEY);
    expect(env.SANDBOX_WEBHOOK_URL).toBe("http://localhost:3000/api/webhooks/upstream");
  });

  it("follows PORT in the derived URLs", () => {
    const env = parseEnv({ ...base, PORT: "4100" });
    expect(env.UPSTREAM_BASE_URL).toBe("http://localhost:4100/sandbox/v1");
  });

  it("switches sandbox webhooks off with an empty URL", () => {
    expect(parseEnv({ ...base, SANDBOX_WEBHOOK_URL: "" }).SANDBOX_WEBHOOK_URL).toBeUndefined();
  });

  it("takes smtp:// and smtps:// mail servers, leaves mail off when unset, and names anything else", () => {
    expect(parseEnv(base).SMTP_URL).toBeUndefined();
    expect(parseEnv({ ...base, SMTP_URL: "" }).SMTP_URL).toBeUndefined();
    expect(parseEnv({ ...base, SMTP_URL: "smtps://u:p@mail.example:465" }).SMTP_URL).toBe(
      "smtps://u:p@mail.example:465",
    );
    expect(() => parseEnv({ ...base, SMTP_URL: "mail.example:587" })).toThrow(/SMTP_URL/);
  });

  it("names a missing variable", () => {
    expect(() => parseEnv({})).toThrow(/CODES_ENCRYPTION_KEY/);
  });

  it("names a malformed variable", () => {
    expect(() => parseEnv({ ...base, PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ ...base, UPSTREAM_BASE_URL: "not a url" })).toThrow(/UPSTREAM_BASE_URL/);
    expect(() => parseEnv({ ...base, CODES_ENCRYPTION_KEY: "short" })).toThrow(/CODES_ENCRYPTION_KEY/);
  });

  it("sells test products where the sandbox is served, or when told to", () => {
    expect(parseEnv(base).TEST_PRODUCTS_ENABLED).toBe(false);
    expect(parseEnv({ ...base, SANDBOX_ENABLED: "true" }).TEST_PRODUCTS_ENABLED).toBe(true);
    expect(parseEnv({ ...base, SANDBOX_ENABLED: "false", TEST_PRODUCTS_ENABLED: "true" }).TEST_PRODUCTS_ENABLED).toBe(
      true,
    );
    expect(parseEnv({ ...base, SANDBOX_ENABLED: "true", TEST_PRODUCTS_ENABLED: "false" }).TEST_PRODUCTS_ENABLED).toBe(
      false,
    );
  });

  it("accepts SQLite and PostgreSQL URLs and nothing else", () => {
    expect(parseEnv({ ...base, DATABASE_URL: "postgresql://shop:pw@db:5432/shop" }).DATABASE_URL).toMatch(
      /^postgresql:/,
    );
    expect(parseEnv({ ...base, DATABASE_URL: "postgres://db/shop" }).DATABASE_POOL_SIZE).toBe(10);
    expect(() => parseEnv({ ...base, DATABASE_URL: "mysql://db/shop" })).toThrow(/DATABASE_URL/);
  });
});

describe("parseEnv: suppliers", () => {
  const b = {
    UPSTREAM_SUPPLIERS: "b",
    UPSTREAM_B_BASE_URL: "https://b.example/v1/",
    UPSTREAM_B_API_KEY: "key_b",
    UPSTREAM_B_WEBHOOK_SECRET: "whsec_b",
  };

  it("makes the plain UPSTREAM_* variables the one supplier main, as before", () => {
    const env = parseEnv({
      ...base,
      UPSTREAM_BASE_URL: "https://api.example/v1",
      UPSTREAM_API_KEY: "key_main",
      UPSTREAM_RATE_LIMIT: "60",
      UPSTREAM_WEBHOOK_SECRET: "whsec_main",
    });
    expect(env.suppliers).toEqual([
      expect.objectContaining({
        name: "main",
        baseUrl: "https://api.example/v1",
        apiKey: "key_main",
        rateLimit: 60,
        webhookSecret: "whsec_main",
      }),
    ]);
    expect(env.UPSTREAM_BASE_URL).toBe("https://api.example/v1");
  });

  it("adds each supplier named in UPSTREAM_SUPPLIERS from its own variables, after main", () => {
    const env = parseEnv({
      ...base,
      ...b,
      UPSTREAM_SUPPLIERS: " b , c ",
      UPSTREAM_B_RATE_LIMIT: "30",
      UPSTREAM_B_SIGNING_PRIVATE_KEY: "pem-b",
      UPSTREAM_C_BASE_URL: "https://c.example/v1",
      UPSTREAM_C_API_KEY: "key_c",
    });
    expect(env.suppliers.map((s) => s.name)).toEqual(["main", "b", "c"]);
    expect(env.suppliers[1]).toEqual({
      name: "b",
      baseUrl: "https://b.example/v1",
      apiKey: "key_b",
      rateLimit: 30,
      webhookSecret: "whsec_b",
      webhookSecretPrevious: undefined,
      webhookSecretPreviousUntil: undefined,
      signingPrivateKey: "pem-b",
      decryptionPrivateKey: undefined,
    });
    expect(env.suppliers[2]).toMatchObject({ name: "c", rateLimit: 100, webhookSecret: undefined });
  });

  it("names a listed supplier's missing or malformed variable", () => {
    expect(() => parseEnv({ ...base, UPSTREAM_SUPPLIERS: "b" })).toThrow(
      /UPSTREAM_B_BASE_URL[\s\S]*UPSTREAM_B_API_KEY/,
    );
    expect(() => parseEnv({ ...base, ...b, UPSTREAM_B_BASE_URL: "nope" })).toThrow(/UPSTREAM_B_BASE_URL/);
    expect(() => parseEnv({ ...base, ...b, UPSTREAM_B_RATE_LIMIT: "0" })).toThrow(/UPSTREAM_B_RATE_LIMIT/);
  });

  it("refuses a reserved, malformed or repeated supplier name", () => {
    expect(() => parseEnv({ ...base, UPSTREAM_SUPPLIERS: "main" })).toThrow(/UPSTREAM_SUPPLIERS: is reserved/);
    expect(() => parseEnv({ ...base, UPSTREAM_SUPPLIERS: "webhook" })).toThrow(/UPSTREAM_SUPPLIERS/);
    expect(() => parseEnv({ ...base, UPSTREAM_SUPPLIERS: "B-2" })).toThrow(/UPSTREAM_SUPPLIERS/);
    expect(() => parseEnv({ ...base, ...b, UPSTREAM_SUPPLIERS: "b,b" })).toThrow(/names a supplier twice/);
  });

  it("ignores a supplier's variables when UPSTREAM_SUPPLIERS does not name it", () => {
    expect(parseEnv({ ...base, ...b, UPSTREAM_SUPPLIERS: "" }).suppliers.map((s) => s.name)).toEqual(["main"]);
  });
});

describe("parseEnv: sandbox suppliers", () => {
  const demo = {
    ...base,
    SANDBOX_ENABLED: "true",
    SANDBOX_API_KEY: "sbx_demo_key_0123",
    UPSTREAM_WEBHOOK_SECRET: "whsec_demo",
    UPSTREAM_SUPPLIERS: "b",
    SANDBOX_SUPPLIERS: "b",
  };

  it("points a supplier the sandbox serves at /sandbox/<name>/v1 with keys of its own", () => {
    const env = parseEnv(demo);
    expect(env.sandboxSuppliers).toEqual(["b"]);
    expect(env.suppliers[1]).toMatchObject({
      name: "b",
      baseUrl: "http://localhost:3000/sandbox/b/v1",
      apiKey: "sbx_demo_key_0123_b",
      webhookSecret: "whsec_demo_b",
    });
    expect(env.suppliers[1]!.apiKey).not.toBe(env.suppliers[0]!.apiKey);
  });

  it("lets a sandbox supplier's own variables win over the sandbox defaults", () => {
    const env = parseEnv({ ...demo, UPSTREAM_B_API_KEY: "explicit_b_key", UPSTREAM_B_BASE_URL: "http://sb.test/v1" });
    expect(env.suppliers[1]).toMatchObject({ apiKey: "explicit_b_key", baseUrl: "http://sb.test/v1" });
  });

  it("gives no sandbox defaults while the sandbox is off", () => {
    expect(() => parseEnv({ ...demo, SANDBOX_ENABLED: "false" })).toThrow(/UPSTREAM_B_BASE_URL/);
    expect(parseEnv({ ...demo, UPSTREAM_SUPPLIERS: "", SANDBOX_ENABLED: "false" }).sandboxSuppliers).toEqual([]);
  });

  it("names a malformed SANDBOX_SUPPLIERS", () => {
    expect(() => parseEnv({ ...demo, SANDBOX_SUPPLIERS: "main" })).toThrow(/SANDBOX_SUPPLIERS/);
  });
});
