// Builds signed webhook requests the way the upstream sends them (spec part 6), with knobs
// to break each property the receiver checks.
import { createHmac } from "node:crypto";

export const testSecret = "whsec_test_secret";

export type DeliveryOptions = {
  event?: string;
  id?: string;
  orderId?: number;
  status?: string;
  secret?: string;
  timestampS?: number;
  /** Raw body to send instead of the JSON of the payload. */
  rawBody?: string;
  /** Raw body to sign instead of the one sent. */
  signedBody?: string;
  headers?: Record<string, string | null>;
};

let counter = 0;

/** A fresh delivery id, unique within the test run. */
export function nextDeliveryId(): string {
  counter += 1;
  return `wh_test_${Date.now()}_${counter}`;
}

export function payloadOf(o: DeliveryOptions & { id: string }): string {
  return JSON.stringify({
    event: o.event ?? "order.completed",
    id: o.id,
    created_at: new Date().toISOString(),
    data: {
      order_id: o.orderId ?? 1001,
      order_no: `ORD-${o.orderId ?? 1001}`,
      status: o.status ?? "completed",
      amount: 9.5,
    },
  });
}

export function hmacHex(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/** A POST to the receiver; pass `id` to repeat a delivery. */
export function buildDelivery(o: DeliveryOptions = {}): { request: Request; id: string; body: string } {
  const id = o.id ?? nextDeliveryId();
  const body = o.rawBody ?? payloadOf({ ...o, id });
  const signature = `sha256=${hmacHex(o.signedBody ?? body, o.secret ?? testSecret)}`;
  const headers: Record<string, string | null> = {
    "content-type": "application/json",
    "x-webhook-signature": signature,
    "x-webhook-event": o.event ?? "order.completed",
    "x-webhook-id": id,
    "x-webhook-timestamp": String(o.timestampS ?? Math.floor(Date.now() / 1000)),
    ...o.headers,
  };
  const h = new Headers();
  for (const [k, v] of Object.entries(headers)) if (v !== null) h.set(k, v);
  return {
    request: new Request("http://shop.test/api/webhooks/upstream", { method: "POST", headers: h, body }),
    id,
    body,
  };
}
