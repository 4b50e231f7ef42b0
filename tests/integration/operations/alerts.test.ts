// Alerts to owners, with the clock controlled: each fires once per incident (also when two
// instances evaluate at the same moment), repeats at its interval while it lasts, says when it
// cleared, and reaches only the owners who want it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runMonitorPass } from "@/lib/alerts/monitor";
import { setAlertChoices } from "@/lib/alerts/subscriptions";
import { alertKindNames, type AlertKind } from "@/lib/alerts/kinds";
import { db, Prisma } from "@/lib/db";
import { flushSignals, observeBudgetWait, observeUpstreamCall } from "@/lib/metrics/observe";
import { DbBudget, UpstreamClient } from "@/lib/upstream";
import { noteInsufficientBalance, recordBalanceRead } from "@/lib/wallet/estimate";
import { apiKey, createHarness, seedPaidOrder, type Harness } from "../orders/harness";

let h: Harness;
let owners: { a: string; b: string };
const zero = new Prisma.Decimal(0);
const minute = 60_000;
const hour = 60 * minute;

beforeAll(async () => {
  h = await createHarness();
  const make = (email: string, role: string) => db.user.create({ data: { email, passwordHash: "not-used", role } });
  owners = { a: (await make("owner-a@shop.test", "owner")).id, b: (await make("owner-b@shop.test", "owner")).id };
  await make("staff@shop.test", "staff");
  await make("gone@shop.test", "owner").then((u) =>
    db.user.update({ where: { id: u.id }, data: { disabledAt: new Date() } }),
  );
});
afterAll(async () => h.close());
beforeEach(async () => {
  await db.alertState.deleteMany();
  await db.outboxEmail.deleteMany();
  await db.alertSubscription.deleteMany();
  // A healthy shop: plenty in the wallet, a recent successful sync, nothing waiting.
  await recordBalanceRead({ balance: "5000.00", currency: "USD" }, h.now(), zero);
  await db.syncRun.create({ data: { kind: "full", status: "succeeded", startedAt: h.now(), finishedAt: h.now() } });
});

/** The alert emails so far (about `title` when given), as "to: subject". */
async function alertMails(title?: string): Promise<string[]> {
  const rows = await db.outboxEmail.findMany({
    where: { kind: "alert", ...(title ? { subject: { contains: title } } : {}) },
    orderBy: [{ createdAt: "asc" }, { to: "asc" }],
  });
  return rows.map((r) => `${r.to}: ${r.subject.replace(/^[^:]+: /, "")}`);
}

const pass = (at = h.now()) => runMonitorPass(at, { readBalance: false });

describe("alerts", () => {
  it("fires once per incident, repeats while it lasts, and says when it cleared", async () => {
    await recordBalanceRead({ balance: "80.00", currency: "USD" }, h.now(), zero); // threshold 100.00
    // Two instances evaluate at the same moment: one notice.
    await Promise.all([pass(), pass()]);
    expect(await alertMails()).toEqual([
      "owner-a@shop.test: [alert] Upstream balance low",
      "owner-b@shop.test: [alert] Upstream balance low",
    ]);
    const first = await db.outboxEmail.findFirstOrThrow({ where: { kind: "alert", to: "owner-a@shop.test" } });
    expect(first.text).toMatch(/about 80\.00 USD: below the threshold of 100\.00 USD/);

    await h.advance(5 * hour);
    await pass();
    expect(await alertMails()).toHaveLength(2); // nothing new before the 6-hour reminder

    await h.advance(hour + minute);
    await Promise.all([pass(), pass()]);
    const mails = await alertMails();
    expect(mails).toHaveLength(4);
    const reminder = await db.outboxEmail.findFirstOrThrow({
      where: { kind: "alert", to: "owner-a@shop.test" },
      orderBy: { createdAt: "desc" },
    });
    expect(reminder.text).toMatch(/Still going on since 2026-11-25 12:00 UTC/);

    await recordBalanceRead({ balance: "900.00", currency: "USD" }, h.now(), zero);
    await Promise.all([pass(), pass()]);
    await pass();
    expect((await alertMails()).slice(4)).toEqual([
      "owner-a@shop.test: [cleared] Upstream balance low",
      "owner-b@shop.test: [cleared] Upstream balance low",
    ]);
    const cleared = await db.outboxEmail.findFirstOrThrow({
      where: { kind: "alert", subject: { contains: "[cleared]" } },
    });
    expect(cleared.text).toMatch(/This has ended at .* after 6 h 1 min/);
    expect(await db.alertState.findUniqueOrThrow({ where: { kind: "low_balance" } })).toMatchObject({
      status: "ok",
      incident: 1,
      notices: 2,
      noticeDue: null,
    });

    // A second incident is a new notice, not a reminder.
    await recordBalanceRead({ balance: "20.00", currency: "USD" }, h.now(), zero);
    await pass();
    expect(await alertMails()).toHaveLength(8);
    expect(await db.alertState.findUniqueOrThrow({ where: { kind: "low_balance" } })).toMatchObject({
      status: "firing",
      incident: 2,
      notices: 1,
    });
  });

  it("reaches only the active owners who kept that alert on", async () => {
    await setAlertChoices(
      owners.b,
      Object.fromEntries(alertKindNames.map((k) => [k, k !== "held_payments"])) as Record<AlertKind, boolean>,
    );
    const { order } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });
    await db.payment.updateMany({ where: { orderId: order.id }, data: { status: "held" } });
    await pass();
    expect(await alertMails()).toEqual(["owner-a@shop.test: [alert] Payments held for review"]);
    await db.payment.updateMany({ where: { orderId: order.id }, data: { status: "succeeded" } });
    await pass();
    expect(await alertMails()).toEqual([
      "owner-a@shop.test: [alert] Payments held for review",
      "owner-a@shop.test: [cleared] Payments held for review",
    ]);
  });

  it("fires and clears every other alert on its own condition", async () => {
    const sandboxClient = new UpstreamClient({
      baseUrl: "http://sandbox.test/sandbox/v1",
      apiKey,
      fetch: h.sandbox.fetch,
      budget: null,
      onCall: observeUpstreamCall,
    });
    // Signals from the upstream client and the budget are stamped with the real clock, like in production.
    let realOffset = 0;
    const realNow = () => new Date(Date.now() + realOffset);
    const cases: {
      kind: AlertKind;
      title: string;
      start: () => Promise<unknown>;
      stop: () => Promise<unknown>;
      now?: () => Date;
    }[] = [
      {
        kind: "sales_paused",
        title: "Sales paused: the upstream wallet is empty",
        start: () => noteInsufficientBalance(new Prisma.Decimal("3.00"), h.now()),
        stop: async () => {
          await h.advance(minute);
          await recordBalanceRead({ balance: "5000.00", currency: "USD" }, h.now(), zero);
        },
      },
      {
        kind: "unresolved_lines",
        title: "Paid lines without a supplier order",
        start: async () => {
          const { line } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" }); // paid, never bought
          await db.orderLine.update({ where: { id: line.id }, data: { createdAt: h.now() } });
          await h.advance(2 * hour + minute);
        },
        stop: () => db.orderLine.updateMany({ where: { status: "paid" }, data: { status: "cancelled" } }),
      },
      {
        kind: "webhook_rejections",
        title: "Webhooks are being rejected",
        start: () =>
          db.webhookDelivery.createMany({
            data: Array.from({ length: 10 }, () => ({
              status: "rejected",
              reason: "bad_signature",
              headers: "{}",
              body: "",
              bodyBytes: 0,
              receivedAt: h.now(),
            })),
          }),
        stop: () => h.advance(16 * minute),
      },
      {
        kind: "catalog_sync",
        title: "Catalog sync failing",
        start: () =>
          db.syncRun.create({
            data: {
              kind: "delta",
              status: "failed",
              error: "UpstreamServerError: 500",
              startedAt: h.now(),
              finishedAt: h.now(),
            },
          }),
        stop: () =>
          db.syncRun.create({
            data: { kind: "delta", status: "succeeded", startedAt: new Date(h.clock.ms + 1), finishedAt: h.now() },
          }),
      },
      {
        kind: "upstream_errors",
        title: "The upstream is failing",
        start: async () => {
          h.control.setFaults({ failNextRequests: 5 });
          for (let i = 0; i < 5; i++) await sandboxClient.balance().catch(() => undefined); // five 500s
          await flushSignals();
        },
        stop: async () => void (realOffset += 11 * minute),
        now: realNow,
      },
      {
        kind: "budget_exhausted",
        title: "Upstream request budget exhausted",
        start: async () => {
          // A shopper's stock check finds the shared window used up and waits for the next one.
          realOffset = 0;
          const clock = { t: h.clock.ms };
          const budget = new DbBudget({
            db,
            apiKey: "alerts-test-key-0000",
            limit: 1,
            now: () => clock.t,
            sleep: async (ms) => void (clock.t += ms),
            onWait: observeBudgetWait,
          });
          await budget.acquire("check");
          await budget.acquire("check");
          await flushSignals();
        },
        stop: async () => void (realOffset += 11 * minute),
        now: realNow,
      },
    ];
    for (const c of cases) {
      await db.outboxEmail.deleteMany();
      const at = c.now ?? h.now;
      await c.start();
      await pass(at());
      await pass(at());
      // (A 402 also brings the estimate under the low-balance threshold: that alert fires as well.)
      expect({ kind: c.kind, mails: await alertMails(c.title) }).toEqual({
        kind: c.kind,
        mails: [`owner-a@shop.test: [alert] ${c.title}`, `owner-b@shop.test: [alert] ${c.title}`],
      });
      await c.stop();
      await pass(at());
      expect({
        kind: c.kind,
        state: (await db.alertState.findUniqueOrThrow({ where: { kind: c.kind } })).status,
      }).toEqual({ kind: c.kind, state: "ok" });
      expect((await alertMails(c.title)).slice(2)).toEqual([
        `owner-a@shop.test: [cleared] ${c.title}`,
        `owner-b@shop.test: [cleared] ${c.title}`,
      ]);
    }
  });
});
