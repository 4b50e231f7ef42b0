import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { startCatalogSync } from "@/lib/admin/catalog/start-sync";
import { getSyncProgress, listSyncRuns } from "@/lib/admin/catalog/sync-runs";
import { seedDefaults } from "@/lib/seed";
import { GET as getProgressRoute } from "@/app/(request)/admin/sync/progress/route";
import { startSyncHarness } from "../catalog/sync-harness";
import { actAs, createUsers } from "./staff-session";

let users: Awaited<ReturnType<typeof createUsers>>;
const h = startSyncHarness({ catalogSize: 30 });

beforeAll(async () => {
  await seedDefaults();
  users = await createUsers();
  actAs(users, "staff");
});
afterAll(() => {
  setSessionOverrideForTests(undefined);
  h.close();
});

describe("sync now", () => {
  it("returns before the sync finishes, runs it in the background, and logs it as manual", async () => {
    let background: Promise<unknown> | undefined;
    const result = await startCatalogSync(
      { kind: "full" },
      { deps: { ...h.deps, perPage: 10 }, launch: (p) => void (background = p) },
    );

    expect(result).toMatchObject({ ok: true, message: "Full sync started." });
    expect(background).toBeDefined();
    await background;
    const { rows } = await listSyncRuns(1);
    expect(rows[0]).toMatchObject({ kind: "full", trigger: "manual", status: "succeeded" });
    expect(rows[0].pages).toBeGreaterThan(1);
    expect(rows[0].pages).toBe(rows[0].lastPage);
    expect(await db.product.count()).toBeGreaterThan(0);
    expect(await db.auditLog.count({ where: { action: "catalog.sync.start", actorId: users.staff } })).toBe(1);
  });

  it("refuses a second sync while one is running and shows its progress from the run row", async () => {
    const run = await db.syncRun.create({
      data: { kind: "full", status: "running", trigger: "schedule", pages: 2, lastPage: 8 },
    });
    let launched = false;

    const result = await startCatalogSync({ kind: "delta" }, { deps: h.deps, launch: () => void (launched = true) });

    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/already running/) });
    expect(launched).toBe(false);
    expect((await getSyncProgress()).running).toMatchObject({ id: run.id, pages: 2, lastPage: 8, percent: 25 });
    await db.syncRun.update({ where: { id: run.id }, data: { status: "failed", finishedAt: new Date() } });
    expect((await getSyncProgress()).running).toBeNull();
  });

  it("rejects an unknown sync kind", async () => {
    expect(await startCatalogSync({ kind: "everything" }, { deps: h.deps, launch: () => {} })).toMatchObject({
      ok: false,
      fieldErrors: { kind: expect.any(Array) },
    });
  });

  it("serves progress only to staff from the polled route", async () => {
    actAs(users, "signed-out");
    expect((await getProgressRoute(new Request("http://shop.test/admin/sync/progress"))).status).toBe(401);
    actAs(users, "shopper");
    expect((await getProgressRoute(new Request("http://shop.test/admin/sync/progress"))).status).toBe(403);
    actAs(users, "support");
    const res = await getProgressRoute(new Request("http://shop.test/admin/sync/progress"));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ running: null, latest: { trigger: "schedule", status: "failed" } });
    actAs(users, "staff");
  });
});
