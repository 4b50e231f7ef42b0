// The .env `npm run setup` writes: .env.example with a fresh random value for every secret and
// DEMO_MODE=true (the quick start is a demo on this machine). An .env from an older version is
// repaired in place: secrets still at a value the repository published are replaced.
import crypto from "node:crypto";
import { weakSecretReason } from "./known-secrets";

type Generate = (bytes: number) => string;
const randomHex: Generate = (bytes) => crypto.randomBytes(bytes).toString("hex");

/** Every secret .env.example leaves empty, with a fresh value. */
export function freshSecrets(random: Generate = randomHex): Record<string, string> {
  return {
    CODES_ENCRYPTION_KEY: random(32),
    NEXTAUTH_SECRET: random(32),
    SANDBOX_API_KEY: `sbx_${random(24)}`,
    UPSTREAM_WEBHOOK_SECRET: `whsec_${random(24)}`,
  };
}

/** The text of a new .env from .env.example's. */
export function demoEnvFrom(example: string, random: Generate = randomHex): string {
  let text = example;
  for (const [name, value] of Object.entries({ ...freshSecrets(random), DEMO_MODE: "true" })) {
    const line = new RegExp(`^${name}=.*$`, "m");
    if (!line.test(text)) throw new Error(`.env.example has no ${name}= line to fill`);
    text = text.replace(line, `${name}=${value}`);
  }
  return text;
}

/** An existing .env with published or empty secrets replaced, and what changed. */
export function repairEnv(existing: string, random: Generate = randomHex): { text: string; changed: string[] } {
  let text = existing;
  const changed: string[] = [];
  for (const [name, value] of Object.entries(freshSecrets(random))) {
    const line = new RegExp(`^${name}=(.*)$`, "m");
    const current = line.exec(text)?.[1]?.trim();
    if (current === undefined || (current !== "" && !weakSecretReason(current))) continue;
    text = text.replace(line, `${name}=${value}`);
    changed.push(name);
  }
  if (!/^DEMO_MODE=/m.test(text) && /^SANDBOX_ENABLED=(true|1)\s*$/m.test(text)) {
    text += `${text.endsWith("\n") ? "" : "\n"}# The sandbox upstream and the TEST card: a demo (docs/going-live.md).\nDEMO_MODE=true\n`;
    changed.push("DEMO_MODE");
  }
  return { text, changed };
}
