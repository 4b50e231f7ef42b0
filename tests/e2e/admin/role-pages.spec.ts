// Every admin page for every staff role: allowed pages answer 200, the rest a 403 refusal page
// with a clear message (never a 500). The table must cover every link of the admin navigation.
import { expect, test, type Browser } from "@playwright/test";
import { createStaffAccount, ownerEmail, ownerPassword, signIn } from "./helpers";

type Expect = { support: 200 | 403; staff: 200 | 403; owner: 200 | 403 };
const pages: Record<string, Expect> = {
  "/admin": { support: 200, staff: 200, owner: 200 },
  "/admin/orders": { support: 200, staff: 200, owner: 200 },
  "/admin/catalog": { support: 200, staff: 200, owner: 200 },
  "/admin/pricing": { support: 200, staff: 200, owner: 200 },
  "/admin/search-synonyms": { support: 403, staff: 403, owner: 200 },
  "/admin/promos": { support: 200, staff: 200, owner: 200 },
  "/admin/markets": { support: 403, staff: 403, owner: 200 },
  "/admin/suppliers": { support: 403, staff: 403, owner: 200 },
  "/admin/rates": { support: 403, staff: 403, owner: 200 },
  "/admin/sync": { support: 200, staff: 200, owner: 200 },
  "/admin/webhooks": { support: 200, staff: 200, owner: 200 },
  "/admin/risk": { support: 200, staff: 200, owner: 200 },
  "/admin/audit": { support: 403, staff: 200, owner: 200 },
  "/admin/pages": { support: 200, staff: 200, owner: 200 },
  "/admin/settings": { support: 200, staff: 200, owner: 200 },
  "/admin/staff": { support: 403, staff: 403, owner: 200 },
  "/admin/outbox": { support: 200, staff: 200, owner: 200 },
  "/admin/security": { support: 200, staff: 200, owner: 200 },
  "/admin/orders/export": { support: 200, staff: 200, owner: 200 },
};

async function visitAll(browser: Browser, baseURL: string, role: keyof Expect, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email, password, "/admin");
  const navLinks = await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link")
    .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  for (const href of navLinks) expect(Object.keys(pages), `the table covers ${href}`).toContain(href);
  for (const [path, expected] of Object.entries(pages)) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), `${role} GET ${path}`).toBe(expected[role]);
    if (expected[role] === 403) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
      await expect(page.getByText(`Your role (${role}) does not give access to this page.`)).toBeVisible();
    }
  }
  await context.close();
}

test("each admin page answers each staff role with its page or a 403 refusal, never a 500", async ({
  page,
  browser,
  baseURL,
}) => {
  // Three sign-ins and some seventy page loads: more than one page's budget on a busy machine.
  test.setTimeout(180_000);
  await signIn(page, ownerEmail, ownerPassword, "/admin");
  const stamp = Date.now();
  const supportEmail = `roles-support-${stamp}@e2e.test`;
  const staffEmail = `roles-staff-${stamp}@e2e.test`;
  const supportPassword = await createStaffAccount(page, supportEmail, "support");
  const staffPassword = await createStaffAccount(page, staffEmail, "staff");

  await visitAll(browser, baseURL!, "support", supportEmail, supportPassword);
  await visitAll(browser, baseURL!, "staff", staffEmail, staffPassword);
  await visitAll(browser, baseURL!, "owner", ownerEmail, ownerPassword);
});
