import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { checkProductionConfig } from "./check-config";
import { demoEnvFrom, repairEnv } from "./demo-env";

const example = fs.readFileSync(path.resolve(__dirname, "../../.env.example"), "utf8");

/** The variables a .env text sets (what Next loads from it). */
function variablesOf(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/^([A-Z_][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!.trim()]));
}

describe("the .env npm run setup writes", () => {
  it("starts as a production demo with nothing to refuse: every secret fresh, DEMO_MODE on", () => {
    const vars = variablesOf(demoEnvFrom(example));
    expect(vars.DEMO_MODE).toBe("true");
    expect(checkProductionConfig(parseEnv({ ...vars, NODE_ENV: "production" })).problems).toEqual([]);
  });

  it("never writes the same secret twice", () => {
    expect(variablesOf(demoEnvFrom(example)).NEXTAUTH_SECRET).not.toBe(
      variablesOf(demoEnvFrom(example)).NEXTAUTH_SECRET,
    );
  });

  it("is refused in production as .env.example ships it: no usable secret in it", () => {
    const problems = checkProductionConfig(
      parseEnv({
        ...variablesOf(example),
        CODES_ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
        NODE_ENV: "production",
        DEMO_MODE: "true",
      }),
    ).problems;
    expect(problems.join("\n")).toMatch(/NEXTAUTH_SECRET is not set/);
    expect(problems.join("\n")).toMatch(/SANDBOX_API_KEY/);
  });

  it("repairs an older .env: published secrets replaced, own ones kept, DEMO_MODE added for the sandbox", () => {
    const own = crypto.randomBytes(24).toString("base64url");
    const old = `SANDBOX_ENABLED=true\nSANDBOX_API_KEY=sandbox_test_key_0123456789\nUPSTREAM_WEBHOOK_SECRET=whsec_sandbox_change_me\nNEXTAUTH_SECRET=${own}\n`;
    const { text, changed } = repairEnv(old);
    expect(changed).toEqual(["SANDBOX_API_KEY", "UPSTREAM_WEBHOOK_SECRET", "DEMO_MODE"]);
    const vars = variablesOf(text);
    expect(vars.NEXTAUTH_SECRET).toBe(own);
    expect(vars.SANDBOX_API_KEY).toMatch(/^sbx_[0-9a-f]{48}$/);
    expect(repairEnv(text).changed).toEqual([]);
  });
});
