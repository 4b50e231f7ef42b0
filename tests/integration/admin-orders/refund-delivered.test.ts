// Staff taking back a delivered line (a faulty card): delivered → refunded through the payment
// provider with its idempotency key, within the staff limit, refused to support, audited.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { refundLineAction } from "@/lib/admin/orders/actions";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { IllegalTransitionError, transitionLine } from "@/lib/orders/core/transition";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";
import { checkout, createHarness, type Harness } from "../orders/harness";

let h: Harness;
let users: TestUsers;

beforeAll(async () => {
  h = await createHarness();
  users = await createRoleUsers("refund-delivered");
});
afterAll(async () => h.close());
afterEach(() => setSessionOverrideForTests(undefined));

function form(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}

/** A real order bought and delivered through the sandbox, one line per item code. */
async function deliveredOrder(items: string[] = ["TEST-INSTANT"]) {
  const r = await checkout(
    h,
    items.map((itemCode) => ({ itemCode })),
  );
  if (!r.ok) throw new Error(r.message);
  await fulfilPaidOrder(r.orderId, h.now());
  const lines = await db.orderLine.findMany({ where: { orderId: r.orderId }, orderBy: { createdAt: "asc" } });
  for (const l of lines) expect(l.status).toBe("delivered");
  expect((await db.order.findUniqueOrThrow({ where: { id: r.orderId } })).status).toBe("completed");
  return { orderId: r.orderId, lines };
}

const refund = (lineId: string, reason = "faulty card") =>
  refundLineAction(null, form({ lineId, reason, confirm: "yes" }));

describe("refunding a delivered line", () => {
  it("refunds a delivered line for staff, reopens the order as refunded, emails and audits it", async () => {
    const { orderId, lines } = await deliveredOrder();
    actAs(users.staff);
    const r = await refund(lines[0]!.id, "card reported as already used");
    expect(r).toMatchObject({ ok: true, message: expect.stringMatching(/^Refunded \d+\.\d{2} USD\.$/) });
    const line = await db.orderLine.findUniqueOrThrow({ where: { id: lines[0]!.id }, include: { refunds: true } });
    expect(line.status).toBe("refunded");
    expect(line.refunds).toHaveLength(1);
    expect(line.refunds[0]).toMatchObject({
      kind: "staff",
      status: "succeeded",
      reason: "card reported as already used",
      requestedBy: users.staff.id,
    });
    expect(line.refunds[0]!.amount.toFixed(2)).toBe(line.lineTotal.toFixed(2));
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("refunded");
    const moves = await db.orderEvent.findMany({
      where: { orderId, kind: "transition", cause: "staff" },
      orderBy: { createdAt: "asc" },
    });
    expect(moves.map((e) => `${e.fromStatus}→${e.toStatus}`)).toEqual(["delivered→refunded", "completed→refunded"]);
    expect(await db.outboxEmail.count({ where: { orderId, kind: "refunded" } })).toBe(1);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "order.refund", targetId: orderId } });
    expect(audit.actorId).toBe(users.staff.id);
    expect(JSON.parse(audit.before!)).toMatchObject({ status: "delivered" });
    expect(JSON.parse(audit.after!)).toMatchObject({ result: "refunded", reason: "card reported as already used" });
  });

  it("refunds one delivered line of two and leaves the order partially refunded", async () => {
    const { orderId, lines } = await deliveredOrder(["TEST-INSTANT", "TEST-INSTANT"]);
    actAs(users.owner);
    expect((await refund(lines[1]!.id)).ok).toBe(true);
    const after = await db.orderLine.findMany({ where: { orderId }, orderBy: { createdAt: "asc" } });
    expect(after.map((l) => l.status)).toEqual(["delivered", "refunded"]);
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("partially_refunded");
  });

  it("refunds a delivered line once: a second request changes nothing", async () => {
    const { lines } = await deliveredOrder();
    actAs(users.owner);
    expect((await refund(lines[0]!.id)).ok).toBe(true);
    const again = await refund(lines[0]!.id);
    expect(again).toMatchObject({ ok: false, message: expect.stringMatching(/Only failed or delivered lines/) });
    expect(await db.refund.count({ where: { lineId: lines[0]!.id } })).toBe(1);
  });

  it("keeps the line delivered when the provider refuses; asking again is a new refund attempt", async () => {
    const { orderId, lines } = await deliveredOrder();
    const payment = await db.payment.findFirstOrThrow({ where: { orderId } });
    await db.payment.update({ where: { id: payment.id }, data: { providerRef: "unknown-ref" } });
    actAs(users.owner);
    const r = await refund(lines[0]!.id);
    expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/refused the refund; the line is unchanged/) });
    expect((await db.orderLine.findUniqueOrThrow({ where: { id: lines[0]!.id } })).status).toBe("delivered");
    const first = await db.refund.findFirstOrThrow({ where: { lineId: lines[0]!.id } });
    expect(first.status).toBe("failed");

    await db.payment.update({ where: { id: payment.id }, data: { providerRef: payment.providerRef } });
    expect((await refund(lines[0]!.id)).ok).toBe(true);
    const all = await db.refund.findMany({ where: { lineId: lines[0]!.id }, orderBy: { createdAt: "asc" } });
    expect(all.map((x) => [x.id === first.id, x.status])).toEqual([
      [true, "failed"],
      [false, "succeeded"],
    ]);
    expect((await db.orderLine.findUniqueOrThrow({ where: { id: lines[0]!.id } })).status).toBe("refunded");
  });

  it("refuses support, and refuses staff above the refund limit, leaving the line delivered", async () => {
    const { orderId, lines } = await deliveredOrder();
    actAs(users.support);
    expect(await refund(lines[0]!.id)).toEqual({ ok: false, message: "You are not allowed to do that." });
    await db.orderLine.update({ where: { id: lines[0]!.id }, data: { lineTotal: "250.00" } });
    actAs(users.staff);
    const r = await refund(lines[0]!.id);
    expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/need an owner/) });
    expect((await db.orderLine.findUniqueOrThrow({ where: { id: lines[0]!.id } })).status).toBe("delivered");
    expect(await db.refund.count({ where: { orderId } })).toBe(0);
    expect(await db.auditLog.count({ where: { targetId: orderId } })).toBe(0);
  });

  it("requires a reason and the confirmation for a delivered line", async () => {
    const { lines } = await deliveredOrder();
    actAs(users.owner);
    const r = await refundLineAction(null, form({ lineId: lines[0]!.id, reason: "x" }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.fieldErrors ?? {})).toEqual(expect.arrayContaining(["reason", "confirm"]));
    expect((await db.orderLine.findUniqueOrThrow({ where: { id: lines[0]!.id } })).status).toBe("delivered");
  });

  it("refuses delivered → refunded from any cause other than staff", async () => {
    const { lines } = await deliveredOrder();
    for (const cause of ["poll", "webhook", "reconciler", "shopper"] as const) {
      await expect(
        transitionLine(lines[0]!.id, "delivered", "refunded", { cause, message: "x" }),
      ).rejects.toBeInstanceOf(IllegalTransitionError);
    }
    expect((await db.orderLine.findUniqueOrThrow({ where: { id: lines[0]!.id } })).status).toBe("delivered");
  });
});
