// Security basics seen from outside: the headers on pages and APIs, and Next's same-origin check
// on server actions (a form posted from a foreign Origin is refused and changes nothing).
import { expect, test } from "@playwright/test";

const isProductionServer = !process.env.E2E_BASE_URL || process.env.E2E_EXPECT_HSTS === "1";

for (const path of ["/", "/sign-in", "/admin", "/api/health"]) {
  test(`sends the security headers on ${path}`, async ({ request }) => {
    const res = await request.get(path, { maxRedirects: 0 });
    const h = res.headers();
    expect(h["content-security-policy"]).toContain("default-src 'self'");
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["content-security-policy"]).toContain("object-src 'none'");
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["x-powered-by"]).toBeUndefined();
    if (isProductionServer) expect(h["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
  });
}

test("refuses a server action posted from a foreign origin and runs it from our own", async ({ request, baseURL }) => {
  const html = await (await request.get("/sign-up")).text();
  // The no-JS form fields React renders for a useActionState form (action id and key).
  const field = (name: string) => {
    const m = html.match(new RegExp(`name="${name.replace(/[$]/g, "\\$")}" value="([^"]*)"`));
    return m ? m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&") : "";
  };
  const actionArg = field("$ACTION_1:0");
  expect(actionArg).toContain('"id"');
  const post = (origin: string, email: string) =>
    request.post("/sign-up", {
      headers: { Origin: origin },
      multipart: { $ACTION_REF_1: "", "$ACTION_1:0": actionArg, "$ACTION_1:1": "[null]", $ACTION_KEY: field("$ACTION_KEY"), email, password: "origin-probe-password" },
      maxRedirects: 0,
    });
  const email = `origin-probe-${Date.now()}@example.com`;
  const foreign = await post("https://evil.example", email);
  expect(foreign.status()).toBe(500);
  expect(await foreign.text()).not.toContain("Account created");
  // Same form from our own origin: it runs, and the email is still free (the foreign post did nothing).
  const own = await post(new URL(baseURL!).origin, email);
  expect(own.status()).toBe(200);
  expect(await own.text()).toContain("Account created");
});
