import "server-only";
// Everything a sandbox handler needs: the store, the virtual clock, effective settings, faults, a seeded RNG.
import type { Db } from "./store";
import { readSetting, writeSetting } from "./store";
import type { SandboxFaults, SandboxOptions, SandboxSettings } from "./types";
import { createRng, type Rng } from "./rng";

export type EffectiveSettings = Required<
  Pick<SandboxSettings, "requestSigning" | "responseEncryption" | "codeEncryption" | "rateLimit" | "settleMs">
> & {
  publicKeyPem?: string;
  webhookUrl?: string;
  webhookSecret?: string;
};

export type Ctx = {
  db: Db;
  opts: SandboxOptions;
  baseUrl: string;
  rng: Rng;
  /** Virtual clock: opts.now (or Date.now) plus the persisted advanceTime offset. */
  now(): number;
  settings(): EffectiveSettings;
  faults(): SandboxFaults;
  setFaults(faults: SandboxFaults): void;
};

/** Builds the shared context; settings overrides and faults live in the store so processes agree. */
export function createContext(db: Db, opts: SandboxOptions): Ctx {
  const clock = opts.now ?? Date.now;
  return {
    db,
    opts,
    baseUrl: (opts.baseUrl ?? "http://localhost:3000/sandbox/v1").replace(/\/$/, ""),
    rng: createRng((opts.seed ?? 1) ^ 0x5eed),
    now: () => clock() + readSetting(db, "clock_offset", 0),
    settings: () => {
      const o = readSetting<SandboxSettings>(db, "options", {});
      return {
        requestSigning: o.requestSigning ?? false,
        responseEncryption: o.responseEncryption ?? false,
        codeEncryption: o.codeEncryption ?? false,
        publicKeyPem: o.publicKeyPem,
        webhookUrl: ("webhookUrl" in o ? o.webhookUrl : opts.webhookUrl) || undefined,
        webhookSecret: ("webhookSecret" in o ? o.webhookSecret : opts.webhookSecret) || undefined,
        rateLimit: o.rateLimit ?? opts.rateLimit ?? 100,
        settleMs: o.settleMs ?? opts.settleMs ?? 8000,
      };
    },
    faults: () => readSetting<SandboxFaults>(db, "faults", {}),
    setFaults: (f) => writeSetting(db, "faults", f),
  };
}
