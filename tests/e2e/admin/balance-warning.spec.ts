// The owner sees a warning on the overview when the upstream wallet is below the threshold.
import { expect, test } from "@playwright/test";
import { ownerEmail, ownerPassword, sandboxControl, signIn } from "./helpers";

test("owner sees a low-balance warning once the upstream balance drops below the threshold", async ({
  page,
  request,
}) => {
  const { balance: original } = await sandboxControl<{ balance: string }>(request, "getBalance");
  await sandboxControl(request, "setBalance", { balance: "3.50" });
  try {
    await signIn(page, ownerEmail, ownerPassword, "/admin");
    // The balance is cached for a minute; the refresh button reads it now.
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByTestId("upstream-balance")).toHaveText(/^3\.50 [A-Z]{3}$/);
    await expect(page.getByRole("alert").filter({ hasText: "Low upstream balance" })).toContainText("3.50");
  } finally {
    await sandboxControl(request, "setBalance", { balance: original });
  }
  // Back above the threshold, the warning goes away.
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByTestId("upstream-balance")).toHaveText(
    new RegExp(`^${Number(original).toFixed(2).replace(".", "\\.")} [A-Z]{3}$`),
  );
  await expect(page.getByRole("alert").filter({ hasText: "Low upstream balance" })).toHaveCount(0);
});
