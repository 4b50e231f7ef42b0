// Every upstream call made for an order line is recorded (docs/money-rules.md#m7): endpoint,
// HTTP status, outcome and duration. Never codes, fields or the API key. What the calls say about the wallet
// goes to its estimate here too: each supplier order seen, and each 402 (lib/wallet).
import "server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { UpstreamError } from "@/lib/upstream/errors";
import type { UpstreamOrder } from "@/lib/upstream/types";
import { noteInsufficientBalance, noteUpstreamOrder } from "@/lib/wallet/estimate";

export type CallContext = {
  orderId: string;
  lineId: string;
  /** The supplier called (its wallet takes what the call says); main when unset. */
  supplier?: string;
  idempotencyKey?: string;
  now: () => Date;
};

/** Runs one upstream call, records its outcome, and returns or rethrows its result. */
export async function recordedCall<T>(ctx: CallContext, endpoint: string, call: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    const result = await call();
    const order = asOrder(result);
    await write(ctx, endpoint, started, {
      httpStatus: 200,
      outcome: order?.status ?? "ok",
      upstreamOrderId: order?.orderId,
    });
    if (order) await noteUpstreamOrder(order, ctx.now(), ctx.supplier ?? "main");
    return result;
  } catch (err) {
    const e = err instanceof UpstreamError ? err : null;
    await write(ctx, endpoint, started, {
      httpStatus: e && e.status > 0 ? e.status : null,
      outcome: err instanceof Error ? err.name : "error",
      upstreamOrderId: e?.orderId,
    });
    if (err instanceof Error && err.name === "InsufficientBalanceError") await pauseForInsufficientBalance(ctx);
    throw err;
  }
}

/** A 402: the supplier's wallet could not pay for this line; its sales pause until a read shows enough (lib/wallet). */
async function pauseForInsufficientBalance(ctx: CallContext): Promise<void> {
  try {
    const line = await db.orderLine.findUnique({
      where: { id: ctx.lineId },
      select: { unitCost: true, quantity: true },
    });
    if (line) await noteInsufficientBalance(line.unitCost.times(line.quantity), ctx.now(), ctx.supplier ?? "main");
  } catch (err) {
    log.warn({ err, lineId: ctx.lineId }, "wallet: a 402 could not pause sales");
  }
}

function asOrder(result: unknown): UpstreamOrder | null {
  return result && typeof result === "object" && "orderId" in result && "status" in result
    ? (result as UpstreamOrder)
    : null;
}

async function write(
  ctx: CallContext,
  endpoint: string,
  started: number,
  r: { httpStatus: number | null; outcome: string; upstreamOrderId?: number },
): Promise<void> {
  await db.upstreamCall.create({
    data: {
      orderId: ctx.orderId,
      lineId: ctx.lineId,
      endpoint,
      httpStatus: r.httpStatus,
      outcome: r.outcome,
      durationMs: Math.max(0, Date.now() - started),
      idempotencyKey: ctx.idempotencyKey,
      upstreamOrderId: r.upstreamOrderId ?? null,
      supplier: ctx.supplier ?? "main",
      createdAt: ctx.now(),
    },
  });
}
