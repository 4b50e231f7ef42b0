import "server-only";
// SandboxControl: the in-process levers tests and the demo use (also served at /sandbox/control).
import type { Ctx } from "./context";
import { generateCatalog } from "./catalog-generate";
import { formatCents, parseCents } from "./money";
import type { OrderRow } from "./order-view";
import { isoWithOffset } from "./order-view";
import { applyCatalogChanges } from "./publish";
import { settleOrders } from "./settle";
import { clearStore, readSetting, writeSetting } from "./store";
import type { FlushResult, SandboxControl, SandboxSettings } from "./types";
import { listWebhookAttempts } from "./webhooks";

/** Seeds catalog and wallet when the store is new (or just reset). */
export function seedIfEmpty(ctx: Ctx): void {
  // One immediate transaction, so two processes opening a new file cannot both seed it.
  ctx.db
    .transaction(() => {
      if (ctx.db.prepare("SELECT 1 FROM wallet WHERE id = 1").get()) return;
      generateCatalog(ctx.db, {
        size: ctx.opts.catalogSize ?? 300,
        seed: ctx.opts.seed ?? 1,
        now: ctx.now(),
        variant: ctx.opts.catalogVariant,
      });
      ctx.db
        .prepare("INSERT INTO wallet (id, balance_cents, currency) VALUES (1, ?, 'USD')")
        .run(parseCents(ctx.opts.initialBalance ?? "5000.00"));
    })
    .immediate();
}

/** Builds the control object; `flush` is the serialized webhook delivery of the owning sandbox. */
export function createControl(ctx: Ctx, flush: () => Promise<FlushResult>): SandboxControl {
  return {
    reset() {
      clearStore(ctx.db);
      seedIfEmpty(ctx);
    },
    setBalance(balance) {
      ctx.db.prepare("UPDATE wallet SET balance_cents = ? WHERE id = 1").run(parseCents(balance));
    },
    getBalance() {
      return formatCents(
        (ctx.db.prepare("SELECT balance_cents FROM wallet WHERE id = 1").get() as { balance_cents: number })
          .balance_cents,
      );
    },
    advanceTime(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new Error("advanceTime: ms must be a non-negative number");
      writeSetting(ctx.db, "clock_offset", readSetting(ctx.db, "clock_offset", 0) + ms);
    },
    now: () => ctx.now(),
    settleDue: () => settleOrders(ctx, { force: false }),
    settleNow: (orderId) => settleOrders(ctx, { force: true, orderId }),
    flushWebhooks: flush,
    setOptions(options: SandboxSettings) {
      writeSetting(ctx.db, "options", { ...readSetting<SandboxSettings>(ctx.db, "options", {}), ...options });
    },
    setFaults(faults) {
      ctx.setFaults({ ...ctx.faults(), ...faults });
    },
    publishChanges: (changes) => applyCatalogChanges(ctx, changes),
    listOrders() {
      const rows = ctx.db.prepare("SELECT * FROM orders ORDER BY order_id").all() as OrderRow[];
      return rows.map((o) => ({
        order_id: o.order_id,
        order_no: o.order_no,
        item_code: o.item_code,
        quantity: o.quantity,
        idempotency_key: o.idempotency_key,
        status: o.status,
        amount: formatCents(o.amount_cents),
        charged_unit: formatCents(o.unit_cents),
        codes_count: (JSON.parse(o.codes) as string[]).length,
        created_at: isoWithOffset(o.created_at_ms),
      }));
    },
    webhookLog: () => listWebhookAttempts(ctx),
    stats() {
      const rows = ctx.db.prepare("SELECT route, count FROM request_stats").all() as { route: string; count: number }[];
      const byRoute: Record<string, number> = {};
      let requests = 0;
      let rateLimited = 0;
      for (const r of rows) {
        if (r.route === "__requests") requests = r.count;
        else if (r.route === "__rate_limited") rateLimited = r.count;
        else byRoute[r.route] = r.count;
      }
      return { requests, rateLimited, byRoute };
    },
  };
}
