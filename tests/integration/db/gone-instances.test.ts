// Leases of a dead instance are freed at once on PostgreSQL (its advisory lock went with its
// connection); live instances, this one and owners that are not instances keep theirs.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { acquireLease } from "@/lib/catalog/lease";
import { db, dbProvider } from "@/lib/db";
import { env } from "@/lib/env";
import { ensurePresence, instanceId, releaseLeasesOfGoneInstances } from "@/lib/instance";

const future = () => new Date(Date.now() + 600_000);
let n = 0;

async function leasedLine(owner: string): Promise<string> {
  const order = await db.order.create({
    data: { token: `gone-${++n}`, email: "a@example.test", currency: "USD", total: 10, status: "paid" },
  });
  const line = await db.orderLine.create({
    data: {
      orderId: order.id,
      itemCode: "TEST-INSTANT",
      productName: "Test",
      productType: "gift_card",
      brand: "B",
      quantity: 1,
      unitCost: 9,
      unitPrice: 10,
      lineTotal: 10,
      currency: "USD",
      status: "purchasing",
      leaseOwner: owner,
      leaseUntil: future(),
    },
  });
  return line.id;
}
const ownerOf = async (id: string) => (await db.orderLine.findUniqueOrThrow({ where: { id } })).leaseOwner;

/** Another live instance: a session holding that instance's liveness lock. */
async function liveInstance(id: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query("SELECT pg_advisory_lock($1, hashtext($2))", [0x5348, id]);
  return client;
}

const clients: pg.Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => {})));
});

describe.runIf(dbProvider === "postgresql")("on PostgreSQL", () => {
  it("frees the line and catalog leases of a dead instance and keeps every live one", async () => {
    await ensurePresence();
    const other = await liveInstance("instance:other:2:aaaa");
    clients.push(other);
    const mine = await leasedLine(`${instanceId}/1`);
    const alive = await leasedLine("instance:other:2:aaaa/4");
    const dead = await leasedLine("instance:gone:3:bbbb/9");
    const script = await leasedLine("reconciler-A/1");
    await db.lease.create({ data: { name: "catalog-sync", owner: "instance:gone:3:bbbb/x", expiresAt: future() } });
    // A refund claimed by the dead instance (status calling, claim not yet expired).
    const payment = await db.payment.create({
      data: {
        orderId: (await db.orderLine.findUniqueOrThrow({ where: { id: dead } })).orderId,
        provider: "test",
        providerRef: `tp_gone_${n}`,
        amount: 10,
        currency: "USD",
        status: "succeeded",
      },
    });
    const refund = await db.refund.create({
      data: {
        orderId: payment.orderId,
        paymentId: payment.id,
        kind: "orphan_payment",
        dedupeKey: `gone:${n}`,
        amount: 10,
        currency: "USD",
        status: "calling",
        reason: "x",
        claimOwner: "instance:gone:3:bbbb/2",
        claimUntil: future(),
      },
    });

    expect(await releaseLeasesOfGoneInstances()).toBe(3);
    expect(await ownerOf(mine)).toBe(`${instanceId}/1`);
    expect(await ownerOf(alive)).toBe("instance:other:2:aaaa/4");
    expect(await ownerOf(dead)).toBeNull();
    expect(await ownerOf(script)).toBe("reconciler-A/1");
    expect((await db.refund.findUniqueOrThrow({ where: { id: refund.id } })).claimUntil!.getTime()).toBeLessThan(
      Date.now(),
    );
    expect(await acquireLease("catalog-sync", 60_000)).not.toBeNull();

    // The other instance dies: its connection closes and its lease is free on the next pass.
    await other.end();
    expect(await releaseLeasesOfGoneInstances()).toBe(1);
    expect(await ownerOf(alive)).toBeNull();
  });
});

describe.runIf(dbProvider === "sqlite")("on SQLite", () => {
  it("leaves leases to their expiry (one machine, no liveness lock)", async () => {
    const dead = await leasedLine("instance:gone:3:bbbb");
    expect(await releaseLeasesOfGoneInstances()).toBe(0);
    expect(await ownerOf(dead)).toBe("instance:gone:3:bbbb");
  });
});
