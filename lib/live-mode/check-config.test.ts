import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { checkProductionConfig, formatRefusal } from "./check-config";

const fresh = () => crypto.randomBytes(32).toString("hex");

/** A live shop as the going-live guide sets it up: nothing to refuse. */
const live = () => ({
  NODE_ENV: "production",
  APP_URL: "https://shop.example.com",
  CODES_ENCRYPTION_KEY: fresh(),
  NEXTAUTH_SECRET: fresh(),
  SANDBOX_ENABLED: "false",
  UPSTREAM_BASE_URL: "https://api.wholesale.example/v1",
  UPSTREAM_API_KEY: fresh(),
  UPSTREAM_WEBHOOK_SECRET: fresh(),
  STRIPE_SECRET_KEY: `sk_live_${fresh()}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${fresh()}`,
  SMTP_URL: "smtp://mail.example.com:587",
});

/** The quick start's demo (what `npm run setup` writes): the shop's own sandbox, TEST card. */
const demo = () => ({
  NODE_ENV: "production",
  DEMO_MODE: "true",
  CODES_ENCRYPTION_KEY: fresh(),
  NEXTAUTH_SECRET: fresh(),
  SANDBOX_ENABLED: "true",
  SANDBOX_API_KEY: fresh(),
  UPSTREAM_WEBHOOK_SECRET: fresh(),
});

const problemsOf = (vars: Record<string, string | undefined>) => checkProductionConfig(parseEnv(vars)).problems;

describe("checkProductionConfig", () => {
  it("accepts a live shop and the quick start's demo as they are documented", () => {
    expect(checkProductionConfig(parseEnv(live()))).toEqual({ problems: [], warnings: [] });
    expect(problemsOf(demo())).toEqual([]);
  });

  it("accepts a demo against a standalone sandbox server (several instances)", () => {
    expect(
      problemsOf({
        ...demo(),
        SANDBOX_ENABLED: "false",
        TEST_PRODUCTS_ENABLED: "true",
        UPSTREAM_BASE_URL: "http://127.0.0.1:4010/sandbox/v1",
        UPSTREAM_API_KEY: fresh(),
      }),
    ).toEqual([]);
  });

  it("refuses outbound fetches to private addresses, demo or not", () => {
    for (const vars of [live(), demo()])
      expect(problemsOf({ ...vars, OUTBOUND_ALLOW_PRIVATE: "true" })).toEqual([
        expect.stringContaining("OUTBOUND_ALLOW_PRIVATE=true"),
      ]);
  });

  it("refuses the TEST card provider in front of a real upstream, demo or not", () => {
    const noStripe = { ...live(), STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
    expect(problemsOf(noStripe)).toEqual([expect.stringContaining("STRIPE_SECRET_KEY is not set")]);
    const demoOnRealUpstream = {
      ...demo(),
      UPSTREAM_BASE_URL: "https://api.wholesale.example/v1",
      UPSTREAM_API_KEY: fresh(),
    };
    expect(problemsOf(demoOnRealUpstream)).toEqual([expect.stringContaining("UPSTREAM_BASE_URL")]);
  });

  it("refuses Stripe test keys in a live shop and live keys in a demo", () => {
    expect(problemsOf({ ...live(), STRIPE_SECRET_KEY: `sk_test_${fresh()}` })).toEqual([
      expect.stringContaining("STRIPE_SECRET_KEY is a test-mode key"),
    ]);
    expect(problemsOf({ ...demo(), STRIPE_SECRET_KEY: `sk_live_${fresh()}`, STRIPE_WEBHOOK_SECRET: fresh() })).toEqual([
      expect.stringContaining("STRIPE_SECRET_KEY is a live key"),
    ]);
    expect(problemsOf({ ...live(), STRIPE_WEBHOOK_SECRET: undefined })).toEqual([
      expect.stringContaining("STRIPE_WEBHOOK_SECRET is not set"),
    ]);
  });

  it("refuses the sandbox and test products without DEMO_MODE", () => {
    expect(
      problemsOf({
        ...demo(),
        DEMO_MODE: undefined,
        APP_URL: "https://shop.example.com",
        STRIPE_SECRET_KEY: `sk_live_${fresh()}`,
        STRIPE_WEBHOOK_SECRET: fresh(),
      }),
    ).toEqual([expect.stringContaining("SANDBOX_ENABLED=true"), expect.stringContaining("TEST_PRODUCTS_ENABLED")]);
    expect(problemsOf({ ...live(), TEST_PRODUCTS_ENABLED: "true" })).toEqual([
      expect.stringContaining("TEST_PRODUCTS_ENABLED"),
    ]);
  });

  it("refuses every secret whose value is published in the repository, naming it", () => {
    const known = {
      ...demo(),
      SANDBOX_API_KEY: "sandbox_test_key_0123456789",
      UPSTREAM_WEBHOOK_SECRET: "whsec_sandbox_change_me",
      NEXTAUTH_SECRET: "test-secret-test-secret-test-secret",
      CODES_ENCRYPTION_KEY: "0".repeat(63) + "1",
    };
    const problems = problemsOf(known);
    expect(problems).toHaveLength(4);
    for (const name of [
      "NEXTAUTH_SECRET",
      "CODES_ENCRYPTION_KEY",
      "SANDBOX_API_KEY (used as UPSTREAM_API_KEY)",
      "UPSTREAM_WEBHOOK_SECRET",
    ]) {
      expect(problems.some((p) => p.startsWith(`${name} has a value published in this repository`))).toBe(true);
    }
    // The env.ts default of the sandbox key is one of them: leaving it unset is refused too.
    expect(problemsOf({ ...demo(), SANDBOX_API_KEY: undefined })).toEqual([expect.stringContaining("SANDBOX_API_KEY")]);
    expect(problemsOf({ ...live(), UPSTREAM_API_KEY: "x".repeat(40) })).toEqual([
      expect.stringContaining("UPSTREAM_API_KEY looks like a placeholder"),
    ]);
  });

  it("refuses a missing session secret and a live shop on plain http", () => {
    expect(problemsOf({ ...live(), NEXTAUTH_SECRET: undefined })).toEqual([
      expect.stringContaining("NEXTAUTH_SECRET is not set"),
    ]);
    expect(problemsOf({ ...live(), APP_URL: "http://shop.example.com" })).toEqual([expect.stringContaining("APP_URL")]);
  });

  it("warns, without refusing, when a live shop has no webhook secret or SMTP", () => {
    const report = checkProductionConfig(
      parseEnv({ ...live(), UPSTREAM_WEBHOOK_SECRET: undefined, SMTP_URL: undefined }),
    );
    expect(report.problems).toEqual([]);
    expect(report.warnings).toEqual([
      expect.stringContaining("UPSTREAM_WEBHOOK_SECRET"),
      expect.stringContaining("SMTP_URL"),
    ]);
  });

  it("prints one line per problem and the way to a deliberate demo", () => {
    const text = formatRefusal({ problems: ["A is wrong.", "B is wrong."], warnings: [] });
    expect(text.split("\n")).toEqual([
      expect.stringContaining("Refusing to start"),
      "  - A is wrong.",
      "  - B is wrong.",
      expect.stringContaining("DEMO_MODE=true"),
    ]);
  });
  it("refuses an alert webhook that would be posted unsigned or in clear, and a guessable metrics token", () => {
    expect(problemsOf({ ...live(), ALERT_WEBHOOK_URL: "https://chat.example/hook" }).join(" ")).toMatch(
      /ALERT_WEBHOOK_URL is set without ALERT_WEBHOOK_SECRET/,
    );
    expect(
      problemsOf({ ...live(), ALERT_WEBHOOK_URL: "http://chat.example/hook", ALERT_WEBHOOK_SECRET: fresh() }).join(" "),
    ).toMatch(/not https/);
    expect(
      problemsOf({
        ...live(),
        ALERT_WEBHOOK_URL: "https://chat.example/hook",
        ALERT_WEBHOOK_SECRET: fresh(),
        METRICS_TOKEN: fresh(),
      }),
    ).toEqual([]);
    expect(problemsOf({ ...live(), METRICS_TOKEN: "metrics-token-0123456789abcdef" }).join(" ")).toMatch(
      /METRICS_TOKEN/,
    );
  });
});
