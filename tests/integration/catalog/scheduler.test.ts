import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { startCatalogScheduler } from "@/lib/catalog/scheduler";
import { startSyncHarness } from "./sync-harness";

const h = startSyncHarness({ catalogSize: 80 });
afterAll(() => h.close());
afterEach(() => {
  vi.useRealTimers();
  process.env.BACKGROUND_JOBS = "false";
  resetEnvForTests();
});

function enableJobs(deltaS: number, fullS: number) {
  process.env.BACKGROUND_JOBS = "true";
  process.env.CATALOG_DELTA_INTERVAL_S = String(deltaS);
  process.env.CATALOG_FULL_INTERVAL_S = String(fullS);
  resetEnvForTests();
}

describe("catalog scheduler", () => {
  it("does nothing when background jobs are off", async () => {
    const handle = startCatalogScheduler(h.deps);
    handle.stop();
    expect(await db.syncRun.count()).toBe(0);
  });

  it("runs a full sync at start when never synced, once even if started twice", async () => {
    enableJobs(0, 0);
    const first = startCatalogScheduler(h.deps);
    expect(startCatalogScheduler(h.deps)).toBe(first);
    await vi.waitFor(async () => expect(await db.syncRun.count({ where: { status: "succeeded" } })).toBe(1), {
      timeout: 15_000,
    });
    first.stop();
    expect(await db.syncRun.findFirstOrThrow()).toMatchObject({ kind: "full", trigger: "startup" });
  });

  it("ticks a delta on its interval and skips the start-up sync once synced", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    enableJobs(300, 86_400);
    const handle = startCatalogScheduler(h.deps);
    vi.advanceTimersByTime(300_000);
    // Wait for the run to finish, not merely to start (it was read while still "running").
    await vi.waitFor(
      async () =>
        expect(await db.syncRun.findMany({ where: { kind: "delta" }, select: { status: true } })).toEqual([
          { status: "succeeded" },
        ]),
      { timeout: 15_000 },
    );
    handle.stop();
    expect(await db.syncRun.findFirstOrThrow({ where: { kind: "delta" } })).toMatchObject({
      trigger: "schedule",
      status: "succeeded",
    });
    expect(await db.syncRun.count({ where: { trigger: "startup" } })).toBe(1);
  });
});
