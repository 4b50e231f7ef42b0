// The shopper's order link: unguessable, 404 for anything else, no codes in the polling JSON,
// codes only through the audited reveal POST.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { createOrderToken } from "@/lib/orders/checkout/place-order";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { decryptJson } from "@/lib/crypto/codes-cipher";
import { GET } from "@/app/api/orders/[token]/route";
import { POST as reveal } from "@/app/api/orders/[token]/reveal/route";
import { checkout, createHarness, linesOf, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  setSessionOverrideForTests(null); // the reveal route reads the session: a signed-out buyer
  h = await createHarness();
});
afterAll(async () => {
  setSessionOverrideForTests(undefined);
  await h.close();
});

const params = (token: string) => ({ params: Promise.resolve({ token }) });

describe("order page endpoints", () => {
  it("answers another buyer's or a made-up link with the same 404 as a missing order", async () => {
    const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }]);
    if (!r.ok) throw new Error(r.message);
    expect(r.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const order = await db.order.findUniqueOrThrow({ where: { token: r.token } });
    const answers = await Promise.all(
      [createOrderToken(), order.id, "1", r.token.slice(0, -1) + "x"].map((t) =>
        GET(new Request("http://x"), params(t)),
      ),
    );
    const bodies = await Promise.all(answers.map((a) => a.text()));
    for (const a of answers) expect(a.status).toBe(404);
    expect(new Set(bodies).size).toBe(1);
    const revealed = await reveal(new Request("http://x", { method: "POST" }), params(createOrderToken()));
    expect(revealed.status).toBe(404);
  });

  it("keeps codes out of the polling JSON and reveals them once asked, recording the reveal", async () => {
    const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }]);
    if (!r.ok) throw new Error(r.message);
    await fulfilPaidOrder(r.orderId, h.now());
    const [line] = await linesOf(r.token);
    const code = decryptJson<{ code: string }[]>(line!.codesEnc!)[0]!.code;
    const polled = await GET(new Request("http://x"), params(r.token));
    const text = await polled.text();
    expect(polled.status).toBe(200);
    expect(text).not.toContain(code);
    const view = JSON.parse(text);
    expect(view.pending).toBe(false);
    expect(view.lines[0].hasCodes).toBe(true);
    const res = await reveal(
      new Request("http://x", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
      params(r.token),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.lines[0].codes[0].code).toBe(code);
    expect(await db.orderEvent.count({ where: { lineId: line!.id, kind: "reveal" } })).toBe(1);
  });

  it("shows a pending order as pending with a shopper timeline", async () => {
    const r = await checkout(h, [{ itemCode: "TEST-PENDING" }]);
    if (!r.ok) throw new Error(r.message);
    await fulfilPaidOrder(r.orderId, h.now());
    const view = await (await GET(new Request("http://x"), params(r.token))).json();
    expect(view.pending).toBe(true);
    expect(view.lines[0].statusLabel).toBe("Processing");
    expect(view.timeline.map((e: { message: string }) => e.message)).toContain(
      "The supplier is processing your order.",
    );
  });

  it("refuses a reveal body with unexpected keys", async () => {
    const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }]);
    if (!r.ok) throw new Error(r.message);
    const res = await reveal(
      new Request("http://x", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ lineId: "x", all: true }),
      }),
      params(r.token),
    );
    expect(res.status).toBe(422);
  });
});
