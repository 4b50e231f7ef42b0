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

  it("names a missing variable", () => {
    expect(() => parseEnv({})).toThrow(/CODES_ENCRYPTION_KEY/);
  });

  it("names a malformed variable", () => {
    expect(() => parseEnv({ ...base, PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ ...base, UPSTREAM_BASE_URL: "not a url" })).toThrow(/UPSTREAM_BASE_URL/);
    expect(() => parseEnv({ ...base, CODES_ENCRYPTION_KEY: "short" })).toThrow(/CODES_ENCRYPTION_KEY/);
  });
});
