import "server-only";
// The control surface over HTTP: POST /sandbox/control/<action> (JSON body) and GET /sandbox/control/state.
import crypto from "node:crypto";
import { z } from "zod";
import { env, MAIN_SUPPLIER, sandboxSupplierSecrets } from "@/lib/env";
import { readBodyBytes } from "@/lib/http/read-body";
import { getSandbox } from "./index";
import { checkWebhookTarget } from "./webhook-target";

const settingsSchema = z
  .object({
    requestSigning: z.boolean(),
    responseEncryption: z.boolean(),
    codeEncryption: z.boolean(),
    publicKeyPem: z.string().max(10_000),
    webhookUrl: z.string().max(2000),
    webhookSecret: z.string().max(500),
    rateLimit: z.number().int().min(1),
    settleMs: z.number().int().min(0),
  })
  .partial()
  .strict();

const faultsSchema = z
  .object({
    latencyMs: z.number().int().min(0).max(600_000),
    serverErrorRate: z.number().min(0).max(1),
    failNextRequests: z.number().int().min(0),
    dropNextPurchases: z.number().int().min(0),
    dropPurchaseRate: z.number().min(0).max(1),
    rateLimitNext: z.number().int().min(0),
    responseDelayMs: z.number().int().min(0).max(600_000),
    responseDelayNextPurchases: z.number().int().min(0),
    shortCodesNext: z.number().int().min(0),
    shortCodesMissing: z.number().int().min(0).max(100),
    shortCodesHealOnRead: z.boolean(),
    outOfStockOnReplayNext: z.number().int().min(0),
    priceRiseNext: z.number().int().min(0),
    priceRisePercent: z.number().gt(-100).max(1000),
  })
  .partial()
  .strict();

const productChangeSchema = z.object({
  itemCode: z.string().min(1).max(100),
  productName: z.string().max(255).optional(),
  brand: z.string().max(100).optional(),
  category: z.string().max(100).optional(),
  productType: z.string().max(50).optional(),
  faceValue: z.number().min(0).optional(),
  price: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/)
    .optional(),
  currency: z.string().max(10).optional(),
  stock: z.number().int().min(0).optional(),
});

const publishSchema = z
  .object({
    priceChanges: z.record(z.string(), z.string().regex(/^\d+(\.\d{1,2})?$/)),
    unpublish: z.array(z.string()),
    rename: z.record(z.string(), z.string().min(1).max(100)),
    add: z.array(productChangeSchema),
    stock: z.record(z.string(), z.number().int().min(0)),
  })
  .partial()
  .strict();

const balanceSchema = z.object({ balance: z.string().regex(/^\d+(\.\d{1,2})?$/) });

/**
 * Runs one control action of a sandbox supplier (main unless named) for a caller holding that
 * supplier's sandbox key; unknown action → 404, bad body → 422.
 */
export async function runControlAction(action: string, request: Request, supplier = MAIN_SUPPLIER): Promise<Response> {
  const key = request.headers.get("x-api-key") ?? "";
  const h = (s: string) => crypto.createHash("sha256").update(s).digest();
  const expected =
    supplier === MAIN_SUPPLIER
      ? env.SANDBOX_API_KEY
      : sandboxSupplierSecrets(supplier, { sandboxApiKey: env.SANDBOX_API_KEY }).apiKey;
  if (!crypto.timingSafeEqual(h(key), h(expected))) return reply(401, "Unauthorized", {});
  const c = getSandbox(supplier).control;
  if (request.method === "GET") {
    if (action !== "state") return reply(404, "Unknown control action.", {});
    return reply(200, "Sandbox state.", {
      ...c.stats(),
      balance: c.getBalance(),
      now: new Date(c.now()).toISOString(),
    });
  }
  const read = await readBodyBytes(request, 1024 * 1024);
  if (!read.ok) return reply(413, "Control request too large.", {});
  const body = parseJsonOr(read.bytes, {});
  const parsed = <T>(schema: z.ZodType<T>) => schema.parse(body ?? {});
  try {
    switch (action) {
      case "reset":
        return reply(200, "Reset.", (c.reset(), {}));
      case "setBalance":
        return reply(200, "Balance set.", (c.setBalance(parsed(balanceSchema).balance), { balance: c.getBalance() }));
      case "getBalance":
        return reply(200, "Balance.", { balance: c.getBalance() });
      case "advanceTime":
        return reply(
          200,
          "Clock advanced.",
          (c.advanceTime(parsed(z.object({ ms: z.number().min(0) })).ms), { now: c.now() }),
        );
      case "settleDue":
        return reply(200, "Settled.", { settled: c.settleDue() });
      case "settleNow":
        return reply(200, "Settled.", {
          settled: c.settleNow(parsed(z.object({ orderId: z.number().int().optional() })).orderId),
        });
      case "flushWebhooks":
        return reply(200, "Flushed.", await c.flushWebhooks());
      case "setOptions":
        return await setOptions(c, parsed(settingsSchema));
      case "faults": // alias of setFaults
      case "setFaults":
        return reply(200, "Faults set.", (c.setFaults(parsed(faultsSchema)), {}));
      case "publishChanges":
        return reply(200, "Published.", { affected: c.publishChanges(parsed(publishSchema)) });
      case "listOrders":
        return reply(200, "Orders.", { orders: c.listOrders() });
      case "webhookLog":
        return reply(200, "Webhook log.", { attempts: c.webhookLog() });
      case "stats":
        return reply(200, "Stats.", { ...c.stats() });
      default:
        return reply(404, "Unknown control action.", {});
    }
  } catch (e) {
    const message =
      e instanceof z.ZodError
        ? e.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ")
        : e instanceof Error
          ? e.message
          : "Invalid control request.";
    return reply(422, message.slice(0, 500), {});
  }
}

/** Options, once a new webhook target passes lib/sandbox/webhook-target.ts ("" switches webhooks off). */
async function setOptions(
  c: ReturnType<typeof getSandbox>["control"],
  options: z.infer<typeof settingsSchema>,
): Promise<Response> {
  if (options.webhookUrl) {
    const target = await checkWebhookTarget(options.webhookUrl, { trustedUrl: env.SANDBOX_WEBHOOK_URL });
    if (!target.ok) return reply(422, target.reason, {});
  }
  c.setOptions(options);
  return reply(200, "Options set.", {});
}

function parseJsonOr(bytes: Uint8Array, fallback: unknown): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return fallback;
  }
}

function reply(status: number, message: string, data: object): Response {
  return Response.json({ success: status < 400, message, data }, { status });
}
