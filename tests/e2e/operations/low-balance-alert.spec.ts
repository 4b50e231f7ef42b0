// Running the shop without watching it: an owner who turned on the low-balance alert is emailed
// when the upstream wallet runs low (the shop notices by itself, through its balance reads), and
// a shopper then sees "temporarily unavailable" instead of a payment form.
import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ownerEmail, ownerPassword, sandboxControl, signIn } from "../admin/helpers";
import { readMailbox } from "../email/mailbox";

const lowBalanceMail = /\[alert\] Upstream balance low$/;
const lowBalanceMails = () => readMailbox(ownerEmail).filter((m) => lowBalanceMail.test(m.subject));

function alertsSection(page: Page): Locator {
  return page.locator("section").filter({ has: page.getByRole("heading", { name: "Alerts", exact: true }) });
}

/** Ticks exactly the alerts given (all when none is given) and saves. */
async function chooseAlerts(page: Page, only?: RegExp) {
  await page.goto("/admin/settings");
  const alerts = alertsSection(page);
  for (const box of await alerts.getByRole("checkbox").all()) await box.setChecked(!only);
  if (only) await alerts.getByLabel(only).check();
  await alerts.getByRole("button", { name: "Save alert choices" }).click();
  await expect(alerts.getByRole("status")).toHaveText("Alert choices saved.");
}

test("an owner is emailed when the wallet runs low, and shoppers see 'temporarily unavailable' instead of a payment form", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ownerEmail, ownerPassword, "/admin/settings");
  await chooseAlerts(page, /The upstream wallet is low/);
  // No low-balance incident left open by an earlier spec (it would only be reminded of hours later).
  const lowItem = alertsSection(page).getByRole("listitem").filter({ hasText: "The upstream wallet is low" });
  await expect
    .poll(async () => (await page.reload(), lowItem.getByText(/firing since/).count()), { timeout: 30_000 })
    .toBe(0);

  const before = lowBalanceMails().length;
  const { balance: original } = await sandboxControl<{ balance: string }>(request, "getBalance");
  await sandboxControl(request, "setBalance", { balance: "0.40" });
  try {
    await expect
      .poll(() => lowBalanceMails().length, { message: "the low-balance alert email", timeout: 45_000 })
      .toBe(before + 1);
    const mail = lowBalanceMails().at(-1)!;
    expect(mail.text).toContain("about 0.40 USD: below the threshold of 100.00 USD");
    expect(mail.text).toMatch(/\/admin\b/);

    const shopper = await (await browser.newContext()).newPage();
    const response = await shopper.goto("/checkout?item=TEST-INSTANT&qty=1");
    const requestId = response?.headers()["x-request-id"] ?? "";
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(shopper.getByRole("alert").filter({ hasText: /temporarily unavailable/i })).toBeVisible();
    await expect(shopper.getByLabel("Card number")).toHaveCount(0);
    await expect(shopper.getByRole("button", { name: /^Pay / })).toHaveCount(0);
    await shopper.context().close();
    // The server logged the refusal as one JSON line carrying that request's id (no shopper data).
    if (fs.existsSync("data/e2e/server.log")) {
      const line = fs
        .readFileSync("data/e2e/server.log", "utf8")
        .split("\n")
        .find((l) => l.includes(requestId) && l.includes("checkout refused before payment"));
      expect(JSON.parse(line ?? "null")).toMatchObject({ level: "info", requestId, cost: "1.00", estimate: "0.40" });
    }

    // The owner's overview says the same.
    await page.goto("/admin");
    await expect(page.getByTestId("wallet-estimate")).toHaveText("0.40 USD");
    await expect(page.getByRole("alert").filter({ hasText: "Low upstream balance" })).toBeVisible();
  } finally {
    await sandboxControl(request, "setBalance", { balance: original });
    // Read again now (the overview's refresh), so the specs after this one can sell.
    await page.goto("/admin");
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByTestId("wallet-estimate")).toHaveText(`${Number(original).toFixed(2)} USD`);
    await chooseAlerts(page);
  }
});
