// "Find my order": a guest who lost the link gives their email and the order reference; if they
// match an order, its link is emailed to that address again. The answer on screen is the same
// either way (it never tells whether an email has orders), and attempts are rate-limited per
// client and per email address.
import "server-only";
import { fieldErrorsOf } from "@/lib/errors";
import { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { ActionState } from "@/lib/errors";
import { sendEmail } from "@/lib/mail/send-email";
import { consumeRateLimit } from "@/lib/rate-limit";
import { orderUrl } from "../core/order-emails";
import { normaliseOrderReference } from "../core/order-reference";

export const findOrderLimits = {
  perClient: { limit: 5, windowMs: 15 * 60_000 },
  perEmail: { limit: 3, windowMs: 60 * 60_000 },
} as const;

/** The one answer a valid request gets, whether or not an order matched. */
export const findOrderAnswer =
  "If an order matches that email and reference, we have emailed its link to that address. It can take a minute to arrive.";

export const findOrderSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter the email you used at checkout.")),
    reference: z
      .string()
      .trim()
      .max(40)
      .refine(
        (v) => normaliseOrderReference(v) !== null,
        `Enter the reference from your order, like ${env.ORDER_REFERENCE_PREFIX}-7K3P9Q.`,
      ),
  })
  .strict();
export type FindOrderInput = z.infer<typeof findOrderSchema>;

/**
 * Validates and counts the attempt. `ok: true` means "answer findOrderAnswer and send the link
 * in the background" (sendOrderLinkIfMatch), so the response time does not depend on a match.
 */
export async function admitFindOrder(
  raw: unknown,
  client: string,
  now: Date = new Date(),
): Promise<{ ok: true; input: FindOrderInput } | (ActionState & { ok: false })> {
  const parsed = findOrderSchema.safeParse(raw);
  if (!parsed.success)
    return { ok: false, message: "Please check the form.", fieldErrors: fieldErrorsOf(parsed.error) };
  const byClient = await consumeRateLimit(`find-order:client:${client}`, findOrderLimits.perClient, now);
  const byEmail = await consumeRateLimit(`find-order:email:${parsed.data.email}`, findOrderLimits.perEmail, now);
  const refused = [byClient, byEmail].find((r) => !r.ok);
  if (refused && !refused.ok) {
    const minutes = Math.max(1, Math.ceil(refused.retryAfterMs / 60_000));
    return {
      ok: false,
      message: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    };
  }
  return { ok: true, input: parsed.data };
}

/** Emails the order link when email and reference match an order; silent otherwise. */
export async function sendOrderLinkIfMatch(input: FindOrderInput, now: Date = new Date()): Promise<boolean> {
  const reference = normaliseOrderReference(input.reference);
  if (!reference) return false;
  const order = await db.order.findUnique({
    where: { reference },
    select: { id: true, token: true, email: true, reference: true },
  });
  if (!order || order.email !== input.email) return false;
  // One email per order per 10 minutes, however often it is asked for.
  const bucket = Math.floor(now.getTime() / 600_000);
  await sendEmail({
    to: order.email,
    orderId: order.id,
    kind: "order_link",
    dedupeKey: `${order.id}:link:${bucket}`,
    subject: `${env.SHOP_NAME}: the link to your order ${reference}`,
    text: `Someone (hopefully you) asked for the link to order ${reference}.\n\nOpen your order here: ${orderUrl(order.token)}\n\nIf it was not you, you can ignore this email: the link was sent only to you.\n`,
  });
  return true;
}
