// One shopper's order through the JSON API (quote → checkout with the TEST card that succeeds),
// and the wait until its line is delivered: what the sync-stall and webhook phases time.
const card = { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };

async function postJson(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/** Quotes and places one order of `itemCode`; returns its token, or throws with the refusal. */
export async function placeTestOrder(base: string, itemCode: string, email = "bench@example.com"): Promise<string> {
  const items = [{ itemCode, quantity: 1 }];
  const quote = await postJson(`${base}/api/checkout/quote`, { items });
  if (quote.status !== 200 || typeof quote.json?.total !== "string")
    throw new Error(`quote ${quote.status}: ${JSON.stringify(quote.json).slice(0, 200)}`);
  const placed = await postJson(`${base}/api/checkout`, { email, items, card, expectedTotal: quote.json.total });
  if (placed.status !== 201 || typeof placed.json?.token !== "string")
    throw new Error(`checkout ${placed.status}: ${JSON.stringify(placed.json).slice(0, 200)}`);
  return placed.json.token;
}

/** Polls the order's status API every `everyMs` until every line is delivered; resolves false on a final non-delivery or the deadline. */
export async function waitDelivered(base: string, token: string, timeoutMs = 60_000, everyMs = 50): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const res = await fetch(`${base}/api/orders/${token}`, { signal: AbortSignal.timeout(30_000) }).catch(() => null);
    if (res?.status === 200) {
      const view = (await res.json()) as { status: string; lines: { status: string }[] };
      if (view.lines.length > 0 && view.lines.every((l) => l.status === "delivered")) return true;
      if (view.status === "cancelled" || view.lines.some((l) => ["failed", "refunded", "cancelled"].includes(l.status)))
        return false;
    } else await res?.arrayBuffer().catch(() => undefined);
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return false;
}
