// The Indonesian shopper's whole journey (docs/markets.md#urls, #languages): a browser that
// prefers id-ID lands in the Indonesian market, reads Bahasa Indonesia and rupiah, checks a player
// ID, buys a top-up, and gets the confirmation email and the receipt in Indonesian and rupiah.
import { expect, test } from "@playwright/test";
import { restock } from "../checkout/helpers";
import { expectNoSeriousViolations } from "../a11y/axe";
import { waitForSentEmail } from "../outbox";
import { expectNoSidewaysScroll } from "../storefront/helpers";

test.use({ locale: "id-ID", extraHTTPHeaders: { "accept-language": "id-ID,id;q=0.9,en;q=0.5" } });

// "Rp 84.000", "Rp84.000": Intl puts a no-break space (or none) after the symbol.
const rupiah = /Rp\s?\d{1,3}(\.\d{3})+/;

test("a shopper whose browser prefers Indonesian buys a top-up in rupiah and gets the email and receipt in Indonesian", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/id$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "id");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kartu hadiah, kartu game, dan isi ulang");
  await expectNoSeriousViolations(page);

  await page.goto("/id/f/pubg-mobile-direct-top-up");
  await expect(page.locator("html")).toHaveAttribute("lang", "id");
  await page.getByLabel(/Player ID/).fill("12345678");
  await page.getByRole("button", { name: "Periksa akun" }).click();
  await expect(page.getByTestId("account-name")).toHaveText("Akun: Player 5678");
  await page.getByTestId("value-picker").getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/^[^?]*\/id\/f\/pubg-mobile-direct-top-up\?.*value=\d+/);
  // After a client navigation Next keeps the previous page in the document, hidden: the page now
  // shown is the visible one (docs/storefront.md#the-rendering-model).
  const buy = page.getByTestId("topup-buy").filter({ visible: true });
  await expect(buy).toBeEnabled();
  await expect(buy).toHaveText(rupiah);
  await expectNoSidewaysScroll(page);
  await buy.click();

  await expect(page).toHaveURL(/\/id\/checkout\?item=PUBGM-/);
  await expect(page.locator("html")).toHaveAttribute("lang", "id");
  await expect(page.getByTestId("account-name")).toHaveText("Akun: Player 5678");
  await expect(page.getByTestId("checkout-total")).toHaveText(rupiah);
  const total = (await page.getByTestId("checkout-total").innerText()).trim();
  await restock(request, new URL(page.url()).searchParams.get("item")!);
  const email = `id-${Date.now()}@example.com`;
  await page.getByLabel(/^Email untuk struk/).fill(email);
  await page.getByLabel("Nomor kartu").fill("4242 4242 4242 4242");
  await page.getByLabel("Masa berlaku (BB/TT)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: `Bayar ${total}` }).click();

  await expect(page).toHaveURL(/\/id\/orders\/[A-Za-z0-9_-]{43}$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "id");
  await expect(page.getByTestId("topup-credited")).toHaveText("Sudah masuk ke akun Player 5678.", { timeout: 30_000 });
  const reference = (await page.getByTestId("order-reference").innerText()).trim();

  const placed = await waitForSentEmail(email, "order_received");
  expect(placed.subject).toContain(`pesanan ${reference} dikonfirmasi`);
  expect(placed.text.toLowerCase()).toContain("terima kasih atas pesanan");
  expect(placed.text).toContain(total);

  await page.getByRole("link", { name: "Lihat atau cetak struk" }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}\/receipt$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Struk");
  await expect(page.getByTestId("receipt-total")).toHaveText(total);
  // A line without a code shows no discount (rupiah amounts have no decimals to compare with "0.00").
  await expect(page.getByText("dengan kode")).toHaveCount(0);
});
