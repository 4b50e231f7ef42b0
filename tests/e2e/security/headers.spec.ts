// Security basics seen from outside: the headers on pages and APIs, and Next's same-origin check
// on server actions (a form posted from a foreign Origin is refused and changes nothing).
import { expect, test } from "@playwright/test";

const isProductionServer = !process.env.E2E_BASE_URL || process.env.E2E_EXPECT_HSTS === "1";

for (const path of ["/", "/sign-in", "/admin", "/api/health"]) {
  test(`sends the security headers on ${path}`, async ({ request }) => {
    const res = await request.get(path, { maxRedirects: 0 });
    const h = res.headers();
    const csp = h["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    if (path.startsWith("/api/")) {
      expect(csp).toContain("default-src 'none'");
    } else {
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      // The home page is a cached catalog page: its scripts are allowed by hash (cached-pages.spec.ts).
      if (path === "/") expect(csp).toMatch(/script-src 'strict-dynamic'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      else expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
      expect(csp.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
    }
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["x-powered-by"]).toBeUndefined();
    if (isProductionServer) expect(h["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
  });
}

test("gives every load of a page rendered per request its own script nonce, on every script it renders", async ({
  request,
}) => {
  const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
  const [a, b] = await Promise.all([request.get("/sign-in"), request.get("/sign-in")]);
  const [nonceA, nonceB] = [
    nonceOf(a.headers()["content-security-policy"]!),
    nonceOf(b.headers()["content-security-policy"]!),
  ];
  expect(nonceA).toBeTruthy();
  expect(nonceA).not.toBe(nonceB);
  const html = await a.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonceA}"`);
});

test("runs the shop's scripts under the policy: no violation, the page hydrates", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) violations.push(m.text());
  });
  await page.goto("/search?q=steam&instock=1");
  await page.getByTestId("product-link").first().click();
  // "Add to cart" answers only once React has hydrated the page.
  await page.getByRole("button", { name: /Add to cart/ }).click();
  await expect(page.getByText(/Added \d+ × /)).toBeVisible();
  expect(violations).toEqual([]);
});

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
      multipart: {
        $ACTION_REF_1: "",
        "$ACTION_1:0": actionArg,
        "$ACTION_1:1": "[null]",
        $ACTION_KEY: field("$ACTION_KEY"),
        email,
        password: "origin-probe-password",
      },
      maxRedirects: 0,
    });
  const email = `origin-probe-${Date.now()}@example.com`;
  const foreign = await post("https://evil.example", email);
  expect(foreign.status()).toBe(500);
  expect(await foreign.text()).not.toContain("Check your email");
  // Same form from our own origin: it runs, and the email is still free (the foreign post did nothing).
  const own = await post(new URL(baseURL!).origin, email);
  expect(own.status()).toBe(200);
  expect(await own.text()).toContain("Check your email");
});
