// "Sign out" ends the session on the server (issue 13, item 8): a copy of the session cookie
// taken before signing out no longer opens the account, while another device stays signed in.
import { expect, test, type Browser, type Cookie } from "@playwright/test";
import { shopperPassword, signUpShopper } from "./shopper-account";

async function openAccountWith(browser: Browser, baseURL: string, cookies: Cookie[]) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto("/account");
  return { context, page };
}

test("a cookie copied before signing out no longer opens the account", async ({ page, browser, baseURL }) => {
  const email = await signUpShopper(page, "signout");
  const signInOn = async (p: typeof page) => {
    await p.goto("/sign-in?callbackUrl=/account");
    await p.getByLabel("Email").fill(email);
    await p.getByLabel("Password").fill(shopperPassword);
    await p.getByRole("button", { name: "Sign in" }).click();
    await expect(p.getByRole("heading", { name: "Your orders" })).toBeVisible();
  };
  await signInOn(page);
  const copied = await page.context().cookies();

  // A second device signed in on its own session.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signInOn(otherPage);

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  const replay = await openAccountWith(browser, baseURL!, copied);
  await expect(replay.page).toHaveURL(/\/sign-in/);
  await replay.context.close();

  await otherPage.goto("/account");
  await expect(otherPage.getByRole("heading", { name: "Your orders" })).toBeVisible();
  await other.close();
});
