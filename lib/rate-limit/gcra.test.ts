import { describe, expect, it } from "vitest";
import { decideGcra, giveBackGcra } from "./gcra";

const rule = { limit: 3, windowMs: 60_000 };

describe("GCRA", () => {
  it("lets the limit through at once, then one hit per window ÷ limit", () => {
    let tat: number | null = null;
    for (const remaining of [2, 1, 0]) {
      const d = decideGcra(tat, rule, 0);
      expect(d).toMatchObject({ ok: true, remaining });
      tat = d.ok ? d.tat : tat;
    }
    expect(tat).toBe(60_000);
    expect(decideGcra(tat, rule, 0)).toEqual({ ok: false, retryAfterMs: 20_000 });
    expect(decideGcra(tat, rule, 20_000)).toEqual({ ok: true, tat: 80_000, remaining: 0 });
  });

  it("refuses a cost larger than the limit, and forgets a state whose time has passed", () => {
    expect(decideGcra(null, rule, 0, 4)).toMatchObject({ ok: false });
    expect(decideGcra(10_000, rule, 500_000, 3)).toEqual({ ok: true, tat: 560_000, remaining: 0 });
  });

  it("gives hits back, never below now, and nothing when nothing is held", () => {
    expect(giveBackGcra(60_000, rule, 1_000)).toBe(40_000);
    expect(giveBackGcra(30_000, rule, 25_000)).toBe(25_000);
    expect(giveBackGcra(20_000, rule, 30_000)).toBeNull();
    expect(giveBackGcra(null, rule, 0)).toBeNull();
  });
});
