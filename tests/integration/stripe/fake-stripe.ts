// A small local fake of the three Stripe endpoints the shop calls (create/retrieve Checkout
// Session, create refund), on 127.0.0.1 with a random port. It records every request so tests
// assert exactly what the shop sent, and replays responses for a repeated Idempotency-Key.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  form: Record<string, string>;
};
type Json = Record<string, unknown>;

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** Starts the fake; `apiBase` goes into the provider's config (STRIPE_API_BASE). */
export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Json>();
  const replays = new Map<string, { status: number; body: Json }>();
  /** dropRefundAnswers: the next n POST /v1/refunds take effect, then the connection drops before the answer. */
  const state = { nextId: 1, refundStatus: "succeeded" as string, refuseSessions: false, dropRefundAnswers: 0 };
  /** Refunds really created (a replayed Idempotency-Key creates none): what the shopper got back. */
  const refundsCreated: { id: string; shopRefundId: string | undefined; amount: number }[] = [];
  /** Every refund object, as GET /v1/refunds lists them. */
  const refundObjects: Json[] = [];

  function createSession(form: Record<string, string>): Json {
    let amount = 0;
    for (let i = 0; form[`line_items[${i}][quantity]`] !== undefined; i++) {
      amount += Number(form[`line_items[${i}][quantity]`]) * Number(form[`line_items[${i}][price_data][unit_amount]`]);
    }
    const id = `cs_test_${state.nextId++}`;
    const session = {
      id,
      object: "checkout.session",
      url: `https://checkout.stripe.test/c/pay/${id}`,
      status: "open",
      payment_status: "unpaid",
      amount_total: amount,
      currency: form["line_items[0][price_data][currency]"],
      customer_email: form.customer_email,
      client_reference_id: form.client_reference_id,
      metadata: { order_id: form["metadata[order_id]"] },
      payment_intent: null,
      expires_at: Number(form.expires_at),
    };
    sessions.set(id, session);
    return session;
  }

  function route(method: string, path: string, form: Record<string, string>): { status: number; body: Json } {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      if (state.refuseSessions)
        return { status: 400, body: { error: { type: "invalid_request_error", message: "Invalid email address" } } };
      return { status: 200, body: createSession(form) };
    }
    const get = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(path);
    if (method === "GET" && get) {
      const s = sessions.get(get[1]!);
      return s
        ? { status: 200, body: s }
        : { status: 404, body: { error: { type: "invalid_request_error", message: "No such checkout.session" } } };
    }
    if (method === "GET" && path.startsWith("/v1/refunds")) {
      const intent = new URLSearchParams(path.split("?")[1] ?? "").get("payment_intent");
      return {
        status: 200,
        body: {
          object: "list",
          url: "/v1/refunds",
          has_more: false,
          data: refundObjects.filter((r) => r.payment_intent === intent),
        },
      };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const id = `re_test_${state.nextId++}`;
      const refund = {
        id,
        object: "refund",
        amount: Number(form.amount),
        currency: "usd",
        payment_intent: form.payment_intent,
        status: state.refundStatus,
        failure_reason: state.refundStatus === "failed" ? "expired_or_canceled_card" : null,
        metadata: { shop_refund_id: form["metadata[shop_refund_id]"] },
      };
      refundObjects.push(refund);
      if (state.refundStatus !== "failed")
        refundsCreated.push({ id, shopRefundId: form["metadata[shop_refund_id]"], amount: Number(form.amount) });
      return { status: 200, body: refund };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: "Unrecognized request URL" } } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
      const path = req.url ?? "/";
      requests.push({
        method: req.method ?? "",
        path,
        idempotencyKey,
        authorization: (req.headers.authorization as string | undefined) ?? null,
        form,
      });
      const replayKey = idempotencyKey ? `${req.method} ${path.split("?")[0]} ${idempotencyKey}` : null;
      const out = (replayKey && replays.get(replayKey)) || route(req.method ?? "", path, form);
      if (replayKey) replays.set(replayKey, out);
      if (req.method === "POST" && path === "/v1/refunds" && state.dropRefundAnswers > 0) {
        state.dropRefundAnswers--;
        req.socket.destroy();
        return;
      }
      res.writeHead(out.status, { "content-type": "application/json", "request-id": `req_${requests.length}` });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    refundsCreated,
    sessions,
    state,
    /** What Stripe does when the shopper pays: the session completes with a PaymentIntent. */
    complete(id: string): Json {
      const s = sessions.get(id)!;
      Object.assign(s, { status: "complete", payment_status: "paid", payment_intent: `pi_for_${id}` });
      return s;
    },
    expire(id: string): Json {
      const s = sessions.get(id)!;
      Object.assign(s, { status: "expired" });
      return s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
