import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { knownSecretValues, weakSecretReason } from "./known-secrets";

const root = path.resolve(__dirname, "../..");
const secretName = String.raw`(?:SANDBOX_API_KEY|UPSTREAM_API_KEY|UPSTREAM_WEBHOOK_SECRET(?:_PREVIOUS)?|NEXTAUTH_SECRET|CODES_ENCRYPTION_KEY|STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|apiKey|API_KEY|webhookSecret|testSecret|secret)`;
// `NAME: "value"`, `NAME = "value"`, `NAME ??= "value"`, `secret: "value"`, and .env lines `NAME=value`.
const assignment = new RegExp(String.raw`\b${secretName}\s*(?:\?\?=|=|:)\s*["'\`]([^"'\`\s$]{6,})["'\`]`, "g");
const envLine = new RegExp(String.raw`^#?\s*${secretName}=([^\s#]{6,})`, "gm");

function filesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(rel);
    return /\.(ts|tsx|mts|mjs|md|sh)$/.test(e.name) ? [rel] : [];
  });
}

describe("known secret values", () => {
  it("lists every secret value written in the repository's examples, scripts and tests", () => {
    const files = [".env.example", "README.md", ...["docs", "scripts", "tests", "lib", "prisma"].flatMap(filesUnder)];
    const listed = new Set(knownSecretValues);
    const missing: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      for (const m of [...text.matchAll(assignment), ...text.matchAll(envLine)]) {
        if (!listed.has(m[1]!)) missing.push(`${file}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("calls published and repetitive values weak and fresh random ones fine", () => {
    expect(weakSecretReason("sandbox_test_key_0123456789")).toMatch(/published/);
    expect(weakSecretReason(" WHSEC_SANDBOX_CHANGE_ME ")).toMatch(/published/);
    expect(weakSecretReason("abababababababababab")).toMatch(/placeholder/);
    expect(weakSecretReason("5f0c2e9a71b84d36a0c1e7f29b3d4c58")).toBeNull();
  });
});
