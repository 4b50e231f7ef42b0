// Admin order actions and loaders: refused when signed out or as a shopper, support refused
// reveal/refund, the staff refund limit, and the audited happy paths.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { refreshBalanceAction } from "@/lib/admin/overview/actions";
import { loadOverview } from "@/lib/admin/overview/load";
import {
  reconcileLineAction,
  refundLineAction,
  resendEmailAction,
  revealCodesAction,
} from "@/lib/admin/orders/actions";
import { getAdminOrder } from "@/lib/admin/orders/detail";
import { parseOrderFilters } from "@/lib/admin/orders/filters";
import { listAdminOrders } from "@/lib/admin/orders/list";
import { listAuditLog } from "@/lib/audit/list";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { AppError, type ActionState } from "@/lib/errors";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { GET as exportCsv } from "@/app/(request)/admin/orders/export/route";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";
import { checkout, createHarness, seedPaidOrder, type Harness } from "../orders/harness";

let h: Harness;
let users: TestUsers;
let delivered: { orderId: string; lineId: string };

beforeAll(async () => {
  h = await createHarness();
  users = await createRoleUsers("orders");
  const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }]);
  if (!r.ok) throw new Error(r.message);
  await fulfilPaidOrder(r.orderId, h.now());
  const line = await db.orderLine.findFirstOrThrow({ where: { orderId: r.orderId } });
  expect(line.status).toBe("delivered");
  delivered = { orderId: r.orderId, lineId: line.id };
});
afterAll(async () => h.close());
afterEach(() => setSessionOverrideForTests(undefined));

function form(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}

/** A paid line that failed upstream and is still waiting for its refund. */
async function failedLine(unitPrice: string) {
  const { line } = await seedPaidOrder(h, { itemCode: "TEST-FAIL", unitPrice });
  await db.orderLine.update({
    where: { id: line.id },
    data: { status: "failed", failureReason: "Out of stock upstream." },
  });
  return line;
}

const actions: [string, () => Promise<ActionState>][] = [
  ["reconcile", () => reconcileLineAction(null, form({ lineId: "x" }))],
  ["refund", () => refundLineAction(null, form({ lineId: "x", reason: "test", confirm: "yes" }))],
  ["resend", () => resendEmailAction(null, form({ orderId: "x" }))],
  ["reveal", () => revealCodesAction(null, form({ lineId: "x" }))],
  ["refresh balance", () => refreshBalanceAction()],
];
const loaders: [string, () => Promise<unknown>][] = [
  ["orders list", () => listAdminOrders(parseOrderFilters({}))],
  ["order detail", () => getAdminOrder(delivered.orderId)],
  ["overview", () => loadOverview()],
  ["audit log", () => listAuditLog({ page: 1 })],
];

describe("refusals", () => {
  for (const who of ["signed out", "shopper"] as const) {
    for (const [name, run] of actions) {
      it(`refuses the ${name} action ${who === "signed out" ? "when signed out" : "to a shopper"}`, async () => {
        actAs(who === "shopper" ? users.shopper : null);
        const auditsBefore = await db.auditLog.count();
        const r = await run();
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.message).toBe(who === "shopper" ? "You are not allowed to do that." : "Please sign in.");
        expect(await db.auditLog.count()).toBe(auditsBefore);
      });
    }
    for (const [name, run] of loaders) {
      it(`refuses the ${name} loader ${who === "signed out" ? "when signed out" : "to a shopper"}`, async () => {
        actAs(who === "shopper" ? users.shopper : null);
        await expect(run()).rejects.toSatisfy(
          (e: unknown) => e instanceof AppError && e.code === (who === "shopper" ? "forbidden" : "unauthorized"),
        );
      });
    }
    it(`answers the CSV export with ${who === "shopper" ? 403 : 401} ${who === "signed out" ? "when signed out" : "to a shopper"}`, async () => {
      actAs(who === "shopper" ? users.shopper : null);
      const res = await exportCsv(new Request("http://shop.test/admin/orders/export"));
      expect(res.status).toBe(who === "shopper" ? 403 : 401);
    });
  }

  it("refuses support to reveal codes or refund, and records nothing", async () => {
    const line = await failedLine("5.00");
    actAs(users.support);
    const reveal = await revealCodesAction(null, form({ lineId: delivered.lineId }));
    expect(reveal).toEqual({ ok: false, message: "You are not allowed to do that." });
    const refund = await refundLineAction(null, form({ lineId: line.id, reason: "customer asked", confirm: "yes" }));
    expect(refund.ok).toBe(false);
    expect((await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status).toBe("failed");
    expect(await db.orderEvent.count({ where: { lineId: delivered.lineId, kind: "reveal" } })).toBe(0);
  });

  it("lets support read orders and resend the order email", async () => {
    actAs(users.support);
    const { rows } = await listAdminOrders(parseOrderFilters({}));
    expect(rows.some((o) => o.id === delivered.orderId)).toBe(true);
    const r = await resendEmailAction(null, form({ orderId: delivered.orderId }));
    expect(r.ok).toBe(true);
    expect(await db.outboxEmail.count({ where: { orderId: delivered.orderId, kind: "order_link" } })).toBe(1);
    expect(
      await db.auditLog.count({
        where: { action: "order.resend_email", targetId: delivered.orderId, actorId: users.support.id },
      }),
    ).toBe(1);
  });
});

describe("refunds", () => {
  it("refuses staff a refund above STAFF_REFUND_LIMIT (200.00) and lets the owner do it", async () => {
    const line = await failedLine("250.00");
    actAs(users.staff);
    const refused = await refundLineAction(null, form({ lineId: line.id, reason: "upstream failed", confirm: "yes" }));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toMatch(/need an owner/);
    expect(await db.refund.count({ where: { lineId: line.id } })).toBe(0);

    actAs(users.owner);
    const done = await refundLineAction(null, form({ lineId: line.id, reason: "upstream failed", confirm: "yes" }));
    expect(done).toMatchObject({ ok: true, message: "Refunded 250.00 USD." });
    expect((await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status).toBe("refunded");
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "order.refund", targetId: line.orderId } });
    expect(audit.actorEmail).toBe(users.owner.email);
    expect(JSON.parse(audit.after!)).toMatchObject({ result: "refunded", amount: "250.00", reason: "upstream failed" });
  });

  it("lets staff refund a failed line within the limit, once", async () => {
    const line = await failedLine("200.00");
    actAs(users.staff);
    expect(
      (await refundLineAction(null, form({ lineId: line.id, reason: "upstream failed", confirm: "yes" }))).ok,
    ).toBe(true);
    const again = await refundLineAction(null, form({ lineId: line.id, reason: "upstream failed", confirm: "yes" }));
    expect(again.ok).toBe(false);
    expect(await db.refund.count({ where: { lineId: line.id, status: "succeeded" } })).toBe(1);
  });

  it("requires a reason and the confirmation box", async () => {
    const line = await failedLine("5.00");
    actAs(users.owner);
    const r = await refundLineAction(null, form({ lineId: line.id, reason: "" }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.fieldErrors ?? {})).toEqual(expect.arrayContaining(["reason", "confirm"]));
    expect((await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status).toBe("failed");
  });

  it("refuses to refund a line that is still pending upstream", async () => {
    const { line } = await seedPaidOrder(h, { itemCode: "TEST-PENDING", unitPrice: "5.00" });
    await db.orderLine.update({ where: { id: line.id }, data: { status: "pending_upstream" } });
    actAs(users.owner);
    const r = await refundLineAction(null, form({ lineId: line.id, reason: "changed mind", confirm: "yes" }));
    expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/Only failed or delivered lines/) });
    expect(await db.refund.count({ where: { lineId: line.id } })).toBe(0);
  });
});

describe("reveal and reconcile", () => {
  it("reveals codes to staff, on the timeline and in the audit log without the codes", async () => {
    actAs(users.staff);
    const r = await revealCodesAction(null, form({ lineId: delivered.lineId }));
    expect(r.ok).toBe(true);
    const codes = r.ok ? (r.data as { codes: { code: string }[] }).codes : [];
    expect(codes.length).toBeGreaterThan(0);
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "codes.reveal", targetId: delivered.orderId },
    });
    for (const c of codes) expect(`${audit.after}${audit.before}`).not.toContain(c.code);
    expect(await db.orderEvent.count({ where: { lineId: delivered.lineId, kind: "reveal", cause: "staff" } })).toBe(1);
  });

  it("reconciles a pending line from upstream on request", async () => {
    const r = await checkout(h, [{ itemCode: "TEST-PENDING" }]);
    if (!r.ok) throw new Error(r.message);
    await fulfilPaidOrder(r.orderId, h.now());
    const line = await db.orderLine.findFirstOrThrow({ where: { orderId: r.orderId } });
    expect(line.status).toBe("pending_upstream");
    await h.advance(10_000);
    actAs(users.staff);
    const result = await reconcileLineAction(null, form({ lineId: line.id }));
    expect(result).toMatchObject({ ok: true });
    expect((await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status).toBe("delivered");
    expect(await db.auditLog.count({ where: { action: "order.reconcile", targetId: r.orderId } })).toBe(1);
  });
});
