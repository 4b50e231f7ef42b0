// A NUL byte in an API's query or JSON body is malformed input: PostgreSQL text cannot hold one,
// so a lookup with it fails. Such a request is answered 400 before its handler runs, never 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as quote } from "@/app/api/checkout/quote/route";
import { GET as suggest } from "@/app/api/search/suggest/route";
import { fromClient } from "@/tests/helpers/client-headers";
import { createHarness, type Harness } from "../orders/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

function quoteRequest(body: unknown, client: string): Request {
  return new Request("http://shop.test/api/checkout/quote", {
    method: "POST",
    headers: { ...fromClient(client), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

const items = [{ itemCode: "TEST-INSTANT", quantity: 1 }];

describe("a NUL byte in API input", () => {
  it("answers 400 for a search suggestion query holding one", async () => {
    const res = await suggest(new Request("http://shop.test/api/search/suggest?q=gift%00card"));
    expect(res.status).toBe(400);
  });

  it("still answers a suggestion query without one", async () => {
    const res = await suggest(new Request("http://shop.test/api/search/suggest?q=gift%20card"));
    expect(res.status).toBe(200);
  });

  it("answers 400 for a JSON body holding one (a quote's promo code)", async () => {
    const res = await quote(quoteRequest({ items, promoCode: "SAVE\u0000" }, "203.0.113.80"));
    expect(res.status).toBe(400);
  });

  it("still quotes the same body without one", async () => {
    const res = await quote(quoteRequest({ items, promoCode: "SAVE" }, "203.0.113.81"));
    expect(res.status).toBe(200);
  });
});
