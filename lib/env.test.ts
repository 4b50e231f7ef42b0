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
