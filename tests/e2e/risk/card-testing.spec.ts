// A card-testing burst against a production build: one client tries card after card (small
// orders, made-up numbers, all declined). After three declines the shop stops the client before
// its payment provider is asked again — even for a good card — and staff see the burst on
// /admin/risk. Other clients keep buying.
import { expect, test } from "@playwright/test";
import { requestFrom } from "../live-mode/from-address";
import { signIn, ownerEmail, ownerPassword } from "../admin/helpers";

test.describe.configure({ mode: "serial" });

let port = 0;
// A fresh loopback alias per run: the server treats it as its own client (127.0.0.1 is exempt).
const run = 1 + Math.floor(Math.random() * 250);
const tester = `127.${run}.7.7`;
const bystander = `127.${run}.7.8`;
test.beforeAll(({ baseURL }) => {
  port = Number(new URL(baseURL!).port);
});

async function post(from: string, path: string, body: unknown) {
  const res = await requestFrom({
    host: "127.0.0.1",
    port,
    localAddress: from,
    path,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    json: JSON.parse(res.text || "{}") as { message?: string; total?: string; token?: string },
  };
}

/** Quote, then pay with `number` (what a script would do), from `from`. */
async function tryCard(from: string, number: string, n: number) {
  const items = [{ itemCode: "TEST-INSTANT", quantity: 1 }];
  const quote = await post(from, "/api/checkout/quote", { items });
  expect(quote.status, JSON.stringify(quote.json)).toBe(200);
  return post(from, "/api/checkout", {
    email: `tester${n}@example.test`,
    items,
    card: { number, expiry: "12/30", cvc: "123" },
    expectedTotal: quote.json.total,
  });
}

test("stops a client after three declined cards, before the payment provider, and shows it to staff", async ({
  page,
}) => {
  const made = [
    "4111 1111 1111 1111",
    "5555 5555 5555 4444",
    "3782 822463 10005",
    "6011 1111 1111 1117",
    "4012 8888 8888 1881",
  ];
  const answers = [];
  for (const [i, number] of made.entries()) answers.push(await tryCard(tester, number, i));
  expect(answers.slice(0, 3).map((a) => a.json.message)).toEqual(
    Array(3).fill(expect.stringMatching(/not a TEST MODE card/)),
  );
  for (const a of answers.slice(3)) expect(a.json.message).toMatch(/Too many payments were declined/);
  // Even a good card is refused from that client for now; a different client buys as usual.
  expect((await tryCard(tester, "4242 4242 4242 4242", 9)).json.message).toMatch(/Too many payments were declined/);
  const other = await tryCard(bystander, "4242 4242 4242 4242", 10);
  expect(other.status).toBe(201);

  await signIn(page, ownerEmail, ownerPassword, "/admin/risk");
  await expect(page.getByRole("heading", { name: "Risk" })).toBeVisible();
  await expect(page.getByTestId("risk-refused")).not.toHaveText("0");
  await expect(page.getByTestId("risk-top-clients")).toContainText(`${tester} (6)`);
  await expect(page.getByRole("row").filter({ hasText: tester }).filter({ hasText: "refused" }).first()).toBeVisible();
});
