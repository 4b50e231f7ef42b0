// What a stranger can and cannot do to a production build (a deliberate demo, DEMO_MODE=true):
// forged X-Forwarded-For headers do not make a new client, the sandbox's levers answer only on
// this machine, webhook targets stay public, and JSON APIs refuse forms and oversized bodies.
import { expect, test } from "@playwright/test";
import { e2eSecrets } from "../e2e-env.mjs";
import { networkAddress, requestFrom } from "./from-address";

test.describe.configure({ mode: "serial" });

let port = 0;
// Fresh loopback aliases per run, so a rerun against a reused server starts with clean counters.
const run = 1 + Math.floor(Math.random() * 250);
const client = (n: number) => `127.${run}.0.${n}`;
test.beforeAll(({ baseURL }) => {
  port = Number(new URL(baseURL!).port);
});

const checkoutFrom = (localAddress: string, forwardedFor?: string) =>
  requestFrom({
    host: "127.0.0.1",
    port,
    localAddress,
    path: "/api/checkout",
    method: "POST",
    headers: { "content-type": "application/json", ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    // Refused as invalid (422), yet counted: every order attempt is, as a card tester's would be.
    body: JSON.stringify({ email: "not-an-email", items: [], expectedTotal: "1.00" }),
  });

test("a client cannot dodge its limit with made-up X-Forwarded-For headers, and another client is not affected", async () => {
  // 10 order attempts per 10 minutes per client, one back each minute (a limit whose refill a
  // slow machine cannot reach within the test): one client, a new forged address every time.
  const statuses: number[] = [];
  for (let i = 0; i < 14; i++) statuses.push((await checkoutFrom(client(9), `203.0.113.${i}, 198.51.100.${i}`)).status);
  expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
  expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  // A different client (another source address) is still heard.
  expect((await checkoutFrom(client(10))).status).toBe(422);
});

/** One credentials sign-in through next-auth (CSRF cookie and token first), from `localAddress`. */
async function signInFrom(localAddress: string, email: string, forwardedFor: string): Promise<string> {
  const csrf = await requestFrom({ host: "127.0.0.1", port, localAddress, path: "/api/auth/csrf" });
  const cookie = (csrf.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
  const body = new URLSearchParams({ csrfToken, email, password: "not-the-password", json: "true" }).toString();
  const res = await requestFrom({
    host: "127.0.0.1",
    port,
    localAddress,
    path: "/api/auth/callback/credentials",
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-forwarded-for": forwardedFor },
  });
  return decodeURIComponent((JSON.parse(res.text) as { url: string }).url);
}

test("sign-in counts failures per real client: forged addresses do not reset it, another client is not refused", async () => {
  test.setTimeout(120_000);
  // 20 failed sign-ins across accounts refuse that client; each claims a new address.
  for (let i = 0; i < 20; i++)
    expect(await signInFrom(client(12), `nobody-${i}@e2e.test`, `203.0.113.${i}`)).toContain("error=CredentialsSignin");
  expect(await signInFrom(client(12), "nobody-20@e2e.test", "198.51.100.99")).toMatch(/error=RateLimited:\d+/);
  expect(await signInFrom(client(13), "nobody-20@e2e.test", "203.0.113.1")).toContain("error=CredentialsSignin");
});

/** The sign-up form's server action, posted as a browser without JavaScript would, from `localAddress`. */
async function signUpFrom(localAddress: string, email: string, forwardedFor: string): Promise<string> {
  const page = await requestFrom({ host: "127.0.0.1", port, localAddress, path: "/sign-up" });
  const field = (name: string) => {
    const m = page.text.match(new RegExp(`name="${name.replace(/[$]/g, "\\$")}" value="([^"]*)"`));
    return m ? m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&") : "";
  };
  const form = new FormData();
  for (const [k, v] of Object.entries({
    $ACTION_REF_1: "",
    "$ACTION_1:0": field("$ACTION_1:0"),
    "$ACTION_1:1": "[null]",
    $ACTION_KEY: field("$ACTION_KEY"),
    email,
    password: "a-good-password-0123",
  }))
    form.set(k, v);
  const encoded = new Response(form);
  const res = await requestFrom({
    host: "127.0.0.1",
    port,
    localAddress,
    path: "/sign-up",
    method: "POST",
    body: await encoded.text(),
    headers: {
      "content-type": encoded.headers.get("content-type")!,
      origin: `http://127.0.0.1:${port}`,
      "x-forwarded-for": forwardedFor,
    },
  });
  return res.text;
}

test("a server action (sign-up) counts per real client too: the sixth in an hour is refused whatever address it claims", async () => {
  for (let i = 0; i < 5; i++)
    expect(await signUpFrom(client(14), `signup-${run}-${i}@e2e.test`, `203.0.113.${i}`)).toContain("Check your email");
  expect(await signUpFrom(client(14), `signup-${run}-5@e2e.test`, "198.51.100.5")).toContain(
    "Too many requests from your connection",
  );
  expect(await signUpFrom(client(15), `signup-${run}-6@e2e.test`, "203.0.113.1")).toContain("Check your email");
});

test("the sandbox's levers answer on this machine only, not to a stranger and not through a relay", async () => {
  const stats = (extra: { host?: string; localAddress?: string; headers?: Record<string, string> } = {}) =>
    requestFrom({
      host: extra.host ?? "127.0.0.1",
      port,
      localAddress: extra.localAddress,
      path: "/sandbox/control/stats",
      method: "POST",
      headers: { "x-api-key": e2eSecrets.SANDBOX_API_KEY, "content-type": "application/json", ...extra.headers },
      body: "{}",
    });
  expect((await stats()).status).toBe(200);
  // A proxy on this machine relaying a stranger (TRUSTED_PROXY_HOPS is 0 here).
  expect((await stats({ headers: { "x-forwarded-for": "203.0.113.7" } })).status).toBe(404);
  const lan = networkAddress();
  test.skip(!lan, "this machine has no network address to play the stranger from");
  const stranger = await stats({ host: lan! });
  expect(stranger.status).toBe(404);
  // Not even a forged header claiming loopback helps.
  expect(
    (await stats({ host: lan!, headers: { "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1" } })).status,
  ).toBe(404);
});

test("a webhook target set through the levers must be a public http(s) host", async ({ request }) => {
  for (const webhookUrl of [
    "http://localhost:5432/",
    "http://169.254.169.254/latest/meta-data/",
    "gopher://example.com/",
  ]) {
    const res = await request.post("/sandbox/control/setOptions", {
      headers: { "X-API-Key": e2eSecrets.SANDBOX_API_KEY },
      data: { webhookUrl },
    });
    expect(res.status(), webhookUrl).toBe(422);
  }
});

test("the cart refuses a cross-site form's text/plain body and sets no cookie", async ({ request }) => {
  const res = await request.post("/api/cart", {
    headers: { "content-type": "text/plain", origin: "https://evil.example" },
    data: JSON.stringify({ itemCode: "TEST-INSTANT", quantity: 1 }),
  });
  expect(res.status()).toBe(415);
  expect(res.headers()["set-cookie"]).toBeUndefined();
});

test("an oversized quote is refused from its Content-Length before the body is read", async () => {
  // Declares 200 MB and sends nothing: a server that waited to read it would never answer.
  const res = await requestFrom({
    host: "127.0.0.1",
    port,
    localAddress: client(11),
    path: "/api/checkout/quote",
    method: "POST",
    headers: { "content-type": "application/json", "content-length": String(200 * 1024 * 1024) },
  });
  expect(res.status).toBe(413);
});
