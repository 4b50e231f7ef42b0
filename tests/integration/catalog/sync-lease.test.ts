import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { acquireLease, releaseLease } from "@/lib/catalog/lease";
import { SYNC_LEASE, runCatalogSync } from "@/lib/catalog/sync";
import { startSyncHarness } from "./sync-harness";

const h = startSyncHarness({ catalogSize: 120 });
afterAll(() => h.close());

describe("catalog sync lease", () => {
  it("records a sync as skipped while another process holds the lease", async () => {
    const other = await acquireLease(SYNC_LEASE, 60_000);
    expect(other).not.toBeNull();
    h.takeCalls();

    const run = await runCatalogSync({ kind: "full", trigger: "schedule" }, h.deps);

    expect(run).toMatchObject({ status: "skipped", upstreamCalls: 0 });
    expect(h.takeCalls()).toBe(0);
    expect(await db.product.count()).toBe(0);
    await releaseLease(other!);
    expect((await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps)).status).toBe("succeeded");
  });

  it("lets only one of two concurrent syncs run", async () => {
    const runs = await Promise.all([
      runCatalogSync({ kind: "full", trigger: "manual" }, h.deps),
      runCatalogSync({ kind: "full", trigger: "schedule" }, h.deps),
    ]);
    expect(runs.map((r) => r.status).sort()).toEqual(["skipped", "succeeded"]);
  });

  it("takes over the expired lease of a crashed holder and closes its run", async () => {
    const crashed = await acquireLease(SYNC_LEASE, 1_000, new Date(Date.now() - 60_000));
    expect(crashed).not.toBeNull();
    const orphan = await db.syncRun.create({ data: { kind: "full", trigger: "schedule", status: "running" } });

    const run = await runCatalogSync({ kind: "delta", trigger: "schedule" }, h.deps);

    expect(run.status).toBe("succeeded");
    expect(await db.syncRun.findUniqueOrThrow({ where: { id: orphan.id } })).toMatchObject({ status: "failed" });
    expect(await db.lease.count()).toBe(0);
  });
});
