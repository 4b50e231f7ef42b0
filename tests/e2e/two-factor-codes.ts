// TOTP codes for end-to-end sign-ins, computed from a known secret as an authenticator app
// would. The shop accepts each time step once per account (replay refused), so the last step
// used per account is kept in a file for the whole run (Playwright empties test-results/ first).
import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { generateTotpCode, totpPeriodSeconds, totpStep } from "../../lib/auth/two-factor/totp";

const stepsFile = path.join("test-results", ".totp-last-steps.json");

function readSteps(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(stepsFile, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
}

/** Records a step used by a sign-in that happened outside this helper (e.g. at enrolment). */
export function noteTotpStepUsed(account: string, step: number): void {
  const steps = readSteps();
  steps[account] = Math.max(steps[account] ?? -1, step);
  fs.mkdirSync(path.dirname(stepsFile), { recursive: true });
  fs.writeFileSync(stepsFile, JSON.stringify(steps));
}

/**
 * A code for `account` that the shop has not seen yet. The shop accepts the previous, the
 * current and the next time step, each once; the previous one only early in a step (so it is
 * still valid when the request arrives). When all were used, waits for the clock to move on.
 */
export async function freshTotpCode(account: string, secret: string): Promise<string> {
  const last = readSteps()[account] ?? -1;
  const pick = (): number | null => {
    const nowMs = Date.now();
    const step = totpStep(new Date(nowMs));
    const early = nowMs - step * totpPeriodSeconds * 1000 < 20_000;
    return [...(early ? [step - 1] : []), step, step + 1].find((s) => s > last) ?? null;
  };
  await expect
    .poll(pick, { message: "a TOTP step not used yet", timeout: 2 * totpPeriodSeconds * 1000, intervals: [500] })
    .not.toBeNull();
  const step = pick()!;
  noteTotpStepUsed(account, step);
  return generateTotpCode(secret, new Date(step * totpPeriodSeconds * 1000 + 1000));
}
