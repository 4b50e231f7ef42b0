// The owner's links (docs/suppliers.md#owners-links): an owner unlinks another supplier's offer into
// a product of its own or links it into a chosen product, audited, and the next sync keeps it there;
// links that would put two offers of one supplier in one product are refused, and so is a product of
// another face value unless confirmed; staff can see a product's offers but not move them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkOffer, unlinkOffer } from "@/lib/admin/catalog/offer-links";
import { loadProductOffers } from "@/lib/admin/catalog/product-offers";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { syncAllOffers } from "@/lib/catalog/offers/sync-offers";
import { runCatalogSync } from "@/lib/catalog/sync";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { createSandbox, type Sandbox } from "@/lib/sandbox";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { actAs, createUsers } from "../admin-catalog/staff-session";
import { createHarness, type Harness } from "../orders/harness";

const bKey = "sandbox_b_key_0123456789";
const supplierVars = {
  UPSTREAM_SUPPLIERS: "b",
  UPSTREAM_B_BASE_URL: "http://sandbox.test/sandbox/b/v1",
  UPSTREAM_B_API_KEY: bKey,
};

let h: Harness;
let b: Sandbox;
let users: Awaited<ReturnType<typeof createUsers>>;
/** A card main and b both sell, under one item code. */
let shared: string;

const offerOfB = (itemCode: string) =>
  db.offer.findUniqueOrThrow({ where: { supplier_itemCode: { supplier: "b", itemCode } } });

beforeAll(async () => {
  Object.assign(process.env, supplierVars);
  resetEnvForTests();
  h = await createHarness();
  users = await createUsers();
  b = createSandbox({ dbPath: ":memory:", apiKey: bKey, settleMs: 3000, now: () => h.clock.ms });
  setUpstream(
    new UpstreamClient({ baseUrl: supplierVars.UPSTREAM_B_BASE_URL, apiKey: bKey, fetch: b.fetch, budget: null }),
    "b",
  );
  await db.offer.deleteMany();
  const run = await runCatalogSync({ kind: "full", trigger: "manual" }, { now: h.now, sleep: async () => {} });
  expect(run.status).toBe("succeeded");
  await syncAllOffers(h.now());
  const both = (
    await db.offer.findMany({
      where: { supplier: "b", itemCode: { not: { startsWith: "TEST-" } } },
      orderBy: { itemCode: "asc" },
    })
  ).find((o) => o.productCode === o.itemCode)!;
  shared = both.itemCode;
});

afterAll(async () => {
  setUpstream(null, "b");
  setSessionOverrideForTests(undefined);
  b.close();
  await h.close();
  for (const key of Object.keys(supplierVars)) delete process.env[key];
  resetEnvForTests();
});

describe("the owner's links", () => {
  it("unlinks b's offer into a product of its own, audited, and the next full sync keeps it there", async () => {
    actAs(users, "owner");
    expect(await unlinkOffer({ supplier: "b", itemCode: shared })).toMatchObject({ ok: true });
    const own = `b-${shared}`;
    expect(await offerOfB(shared)).toMatchObject({ productCode: own, byHand: true });
    expect(await db.product.findUniqueOrThrow({ where: { itemCode: own } })).toMatchObject({
      source: "b",
      listed: true,
    });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "offer.unlink", targetId: `b:${shared}` } });
    expect(audit).toMatchObject({ actorId: users.owner, targetType: "offer" });
    expect(JSON.parse(audit.before!)).toEqual({ productCode: shared, byHand: false });
    expect(JSON.parse(audit.after!)).toEqual({ productCode: own, byHand: true });
    await syncAllOffers(h.now(), "full");
    expect(await offerOfB(shared)).toMatchObject({ productCode: own, byHand: true });
  });

  it("links it back into the chosen product; the product it left, now without offers, shows out of stock", async () => {
    actAs(users, "owner");
    expect(await linkOffer({ supplier: "b", itemCode: shared, productCode: shared })).toMatchObject({ ok: true });
    expect(await offerOfB(shared)).toMatchObject({ productCode: shared, byHand: true });
    expect((await db.product.findUniqueOrThrow({ where: { itemCode: `b-${shared}` } })).inStock).toBe(false);
    await syncAllOffers(h.now(), "full");
    expect(await offerOfB(shared)).toMatchObject({ productCode: shared, byHand: true });
    const view = await loadProductOffers(shared);
    expect(view?.offers.map((o) => [o.supplier, o.itemCode, o.placedBy])).toEqual([
      ["b", shared, "hand"],
      ["main", shared, "key"],
    ]);
  });

  it("refuses a second offer of one supplier in one product, and main's offers", async () => {
    actAs(users, "owner");
    const other = await db.offer.findFirstOrThrow({
      where: { supplier: "b", itemCode: { notIn: [shared], not: { startsWith: "TEST-" } } },
    });
    const audits = await db.auditLog.count();
    const refused = await linkOffer({ supplier: "b", itemCode: other.itemCode, productCode: shared });
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("one offer per supplier") });
    expect(await linkOffer({ supplier: "main", itemCode: shared, productCode: other.productCode })).toMatchObject({
      ok: false,
    });
    expect((await offerOfB(other.itemCode)).productCode).toBe(other.productCode);
    expect(await db.auditLog.count()).toBe(audits);
  });

  it("refuses a product of another face value or currency until the owner confirms", async () => {
    actAs(users, "owner");
    // The product b's offer left in the test before (no offer of b now), and b's offer of another face value.
    const target = await db.product.findUniqueOrThrow({ where: { itemCode: `b-${shared}` } });
    const offers = await db.offer.findMany({
      where: { supplier: "b", byHand: false, itemCode: { not: { startsWith: "TEST-" } } },
    });
    const products = new Map(
      (await db.product.findMany({ where: { itemCode: { in: offers.map((o) => o.productCode) } } })).map((p) => [
        p.itemCode,
        p,
      ]),
    );
    const mover = offers.find((o) => {
      const p = products.get(o.productCode)!;
      return !p.faceValue.equals(target.faceValue) || p.currency !== target.currency;
    })!;
    const input = { supplier: "b", itemCode: mover.itemCode, productCode: target.itemCode };
    expect(await linkOffer(input)).toMatchObject({ ok: false, fieldErrors: { confirm: expect.any(Array) } });
    expect(await linkOffer({ ...input, confirm: true })).toMatchObject({ ok: true });
    expect(await offerOfB(mover.itemCode)).toMatchObject({ productCode: target.itemCode, byHand: true });
  });

  it("lets staff see a product's offers but not move them", async () => {
    actAs(users, "staff");
    expect((await loadProductOffers(shared))?.offers.length).toBe(2);
    const audits = await db.auditLog.count();
    expect(await unlinkOffer({ supplier: "b", itemCode: shared })).toMatchObject({ ok: false });
    expect(await offerOfB(shared)).toMatchObject({ productCode: shared });
    expect(await db.auditLog.count()).toBe(audits);
  });

  it("refuses extra fields", async () => {
    actAs(users, "owner");
    expect(await unlinkOffer({ supplier: "b", itemCode: shared, productCode: "x" })).toMatchObject({ ok: false });
  });
});
