// The shopper's own pages in the market's language (docs/markets.md#languages): the account
// forms and their answers, the help pages (English, marked as such, where a language has no
// version), and the demo banner.
import { expect, test } from "@playwright/test";

test("an Indonesian sign-up form reads Indonesian, and so does the server's answer", async ({ page }) => {
  await page.goto("/id/sign-up");
  await expect(page.locator("html")).toHaveAttribute("lang", "id");
  await expect(page.getByRole("heading", { name: "Buat akun" })).toBeVisible();
  await page.getByLabel("Email").fill("pendek@example.test");
  await page.getByLabel("Kata sandi (10+ karakter)").fill("pendek");
  await page.getByRole("button", { name: "Buat akun" }).click();
  await expect(page.getByText("Gunakan minimal 10 karakter.")).toBeVisible();
});

test("the help page ships in Indonesian; a language without its own version shows English, saying so", async ({
  page,
}) => {
  await page.goto("/id/help");
  await expect(page.getByRole("heading", { level: 1, name: "Bantuan" })).toBeVisible();
  await expect(page.getByTestId("content-in-english")).toHaveCount(0);

  await page.goto("/br/help");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("heading", { level: 1, name: "Help" })).toBeVisible();
  await expect(page.getByTestId("content-in-english")).toHaveText(
    "Esta página ainda não foi escrita em português, por isso é mostrada em inglês.",
  );
});

test("the demo banner and the account page's sign-in speak the page's language", async ({ page }) => {
  await page.goto("/sa/p/ROBLOX-GLOBAL-10");
  await expect(page.getByRole("complementary", { name: "تنبيه العرض التجريبي" })).toContainText("عرض تجريبي");
  await page.goto("/id/forgot-password");
  await expect(page.getByRole("heading", { name: "Atur ulang kata sandi Anda" })).toBeVisible();
});

test("search on an Indonesian page understands Indonesian words, in the results and in the suggestions", async ({
  page,
}) => {
  // "isi ulang" (top-up) is an Indonesian synonym: in English it finds nothing.
  await page.goto("/id/search?q=isi+ulang");
  await expect(page.getByTestId("product-link").first()).toBeVisible();
  await page.goto("/id");
  await page.getByRole("combobox", { name: "Cari produk" }).fill("isi ulang");
  await expect(page.getByRole("listbox").getByRole("option").first()).toBeVisible();
});
