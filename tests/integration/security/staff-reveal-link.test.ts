// Issue 13, item 2: codes revealed through an order link by a signed-in staff member are that
// staff member's reveal (timeline and audit log say who), never the shopper's; support, whose
// role never reveals codes, is refused. Shoppers and guests reveal as before.
import crypto from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/orders/[token]/reveal/route";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { encryptJson } from "@/lib/crypto/codes-cipher";
import { db } from "@/lib/db";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";

let users: TestUsers;

async function deliveredOrder() {
  const token = crypto.randomBytes(32).toString("base64url");
  const order = await db.order.create({
    data: { token, email: "buyer@example.test", currency: "USD", total: "10.00", status: "completed" },
  });
  const line = await db.orderLine.create({
    data: {
      orderId: order.id,
      itemCode: "GC-1",
      productName: "Gift 10",
      productType: "gift_card",
      brand: "Acme",
      quantity: 1,
      unitCost: "9.00",
      unitPrice: "10.00",
      lineTotal: "10.00",
      currency: "USD",
      status: "delivered",
      codesEnc: encryptJson([{ code: "SECRET-CODE-1", denomination: "10" }]),
    },
  });
  return { token, order, line };
}

async function reveal(token: string) {
  const req = new Request(`http://shop.test/api/orders/${token}/reveal`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  return POST(req, { params: Promise.resolve({ token }) });
}

beforeAll(async () => {
  users = await createRoleUsers("reveal");
});
afterEach(() => setSessionOverrideForTests(undefined));

describe("revealing codes through an order link", () => {
  it("records a signed-in staff member's reveal as theirs on the timeline and in the audit log", async () => {
    const { token, order, line } = await deliveredOrder();
    actAs(users.staff);
    const res = await reveal(token);
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain("SECRET-CODE-1");
    const events = await db.orderEvent.findMany({ where: { orderId: order.id, kind: "reveal" } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ lineId: line.id, cause: "staff", causeRef: users.staff.id });
    expect(events[0].message).toContain(users.staff.email);
    const audit = await db.auditLog.findMany({ where: { targetType: "order", targetId: order.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: users.staff.id,
      actorEmail: users.staff.email,
      action: "codes.reveal_link",
    });
    expect(audit[0].after ?? "").not.toContain("SECRET-CODE-1");
  });

  it("refuses a signed-in support member (the role never reveals codes) and records nothing", async () => {
    const { token, order } = await deliveredOrder();
    actAs(users.support);
    const res = await reveal(token);
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).not.toContain("SECRET-CODE-1");
    expect(await db.orderEvent.count({ where: { orderId: order.id, kind: "reveal" } })).toBe(0);
  });

  it("still records a guest's or a shopper's reveal as the shopper's, without an audit row", async () => {
    for (const who of [null, users.shopper]) {
      const { token, order } = await deliveredOrder();
      actAs(who);
      const res = await reveal(token);
      expect(res.status).toBe(200);
      const events = await db.orderEvent.findMany({ where: { orderId: order.id, kind: "reveal" } });
      expect(events.map((e) => e.cause)).toEqual(["shopper"]);
      expect(await db.auditLog.count({ where: { targetId: order.id } })).toBe(0);
    }
  });
});
