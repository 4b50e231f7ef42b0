// Market URLs (docs/markets.md#urls): a first visit lands in the shopper's market, a market's
// catalog pages show its currency and language with alternates for every market, and the header's
// switcher opens the same page in another market.
import { expect, test, type Page } from "@playwright/test";

// A global product: every market offers it (docs/markets.md#the-products-a-market-offers).
const product = "/p/ROBLOX-GLOBAL-10";

test.describe("market URLs", () => {
  test.use({ locale: "id-ID", extraHTTPHeaders: { "accept-language": "id-ID,id;q=0.9" } });

  test("an Indonesian first visit lands in /id, whose product page is in rupiah with alternates, and the switcher moves it to Brazil in reais", async ({
    page,
  }) => {
    const first = await page.request.get("/", { maxRedirects: 0 });
    expect(first.status()).toBe(307);
    expect(first.headers()["location"]).toMatch(/\/id$/);
    expect(first.headers()["cache-control"]).toContain("no-store");

    await page.goto("/");
    await expect(page).toHaveURL(/\/id$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "id");

    await page.goto(`/id${product}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "id");
    await expect(page.getByText(/IDR|Rp/).first()).toBeVisible();
    for (const hreflang of ["id-ID", "en-ID", "pt-BR", "ar-SA", "en-US", "x-default"])
      await expect(page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/id${product}$`));

    await page.getByLabel("Negara dan bahasa").selectOption("br|pt-BR");
    await expect(page).toHaveURL(new RegExp(`/br${product}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page.getByText(/R\$|BRL/).first()).toBeVisible();
  });

  test("a market page remembers the market: / opens it", async ({ page }) => {
    await page.goto(`/br${product}`);
    // The page remembers the market in the browser once it has run.
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === "shop-market")?.value)
      .toBe("br");
    const again = await page.request.get("/", { maxRedirects: 0 });
    expect(again.status()).toBe(307);
    expect(again.headers()["location"]).toMatch(/\/br$/);
  });
});

test("a prefix naming the default market or a market's default language redirects to the canonical URL", async ({
  request,
}) => {
  for (const [from, to] of [
    [`/us${product}`, product],
    [`/id/id${product}`, `/id${product}`],
  ]) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    expect(new URL(response.headers()["location"], "http://x").pathname).toBe(to);
  }
  expect((await request.get(`/br/en${product}`, { maxRedirects: 0 })).status()).toBe(404);
});

test("a URL under a prefix naming no market, or a language its market does not offer, is the shop's not-found page in a language the market speaks", async ({
  request,
}) => {
  for (const [path, lang] of [
    [`/id/ar${product}`, "id"],
    [`/zz${product}`, "en"],
    ["/zz/cart", "en"],
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(response.headers()["cache-control"], path).toContain("no-store");
    expect(await response.text(), path).toContain(`<html lang="${lang}"`);
  }
});

test("Saudi Arabia's pages are written right to left", async ({ page }) => {
  await page.goto(`/sa${product}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.goto(`/sa/en${product}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
});

// A cart belongs to one market (docs/markets.md#the-cart-belongs-to-one-market); links stay in it.
test.describe("a cart in a market", () => {
  /** Opens an in-stock instant game card Indonesia offers (a global one) from its search, by its tile. */
  async function openIndonesianCard(page: Page) {
    await page.goto("/id/search?q=roblox&instock=1");
    await page.getByTestId("product-link").first().click();
    await expect(page).toHaveURL(/\/id\/f\//);
  }

  test("a product tile clicked on /id opens its page under /id, whose header links stay in /id", async ({ page }) => {
    await openIndonesianCard(page);
    await expect(page.locator('header a[href="/id/cart"]')).toHaveCount(1);
    await expect(page.locator('header form[role="search"]')).toHaveAttribute("action", "/id/search");
  });

  test("a product added on /id is in rupiah at /id/cart, charged in rupiah, and the order shows rupiah", async ({
    page,
  }) => {
    await openIndonesianCard(page);
    await page.getByRole("button", { name: "Tambah ke keranjang" }).click();
    await page.getByRole("link", { name: "Lihat keranjang" }).click();
    await expect(page).toHaveURL(/\/id\/cart$/);
    await expect(page.getByTestId("cart-total")).toHaveText(/IDR|Rp/);
    await expect(page.getByTestId("cart-market-notice")).toHaveCount(0);
    await page.getByRole("link", { name: "Lanjut ke checkout" }).click();
    await expect(page).toHaveURL(/\/id\/checkout$/);
    await expect(page.getByTestId("checkout-total")).toHaveText(/IDR|Rp/);
    await page.getByLabel(/^Email untuk struk/).fill(`id-cart-${Date.now()}@example.com`);
    await page.getByLabel("Nomor kartu").fill("4242 4242 4242 4242");
    await page.getByLabel("Masa berlaku (BB/TT)").fill("12/30");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: /^Bayar / }).click();
    await expect(page).toHaveURL(/\/id\/orders\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByTestId("order-total")).toHaveText(/IDR|Rp/);
  });

  test("a US-only card put in the cart in the US is refused at Indonesia's checkout, in Indonesian, before payment", async ({
    page,
  }) => {
    // Indonesia does not offer US-only cards (docs/markets.md#the-products-a-market-offers).
    await page.goto("/p/WALMART-US-25");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByRole("link", { name: "View cart" })).toBeVisible();
    await page.goto("/id/checkout");
    await expect(page.locator('main [role="alert"]')).toHaveText(
      "Walmart $25 tidak dijual di Indonesia. Hapus produk ini dari keranjang Anda.",
    );
    await expect(page.getByRole("button", { name: /^Bayar / })).toHaveCount(0);
  });

  test("switching market with a cart prices it again with a notice, shown once", async ({ page }) => {
    await openIndonesianCard(page);
    await page.getByRole("button", { name: "Tambah ke keranjang" }).click();
    await expect(page.getByRole("link", { name: "Lihat keranjang" })).toBeVisible();
    await page.goto("/id/cart");
    await page.getByLabel("Negara dan bahasa").selectOption("br|pt-BR");
    await expect(page).toHaveURL(/\/br\/cart$/);
    await expect(page.getByTestId("cart-market-notice")).toContainText(
      "Seu carrinho agora mostra os preços em R$ (Brazil).",
    );
    await expect(page.getByTestId("cart-total")).toHaveText(/R\$|BRL/);
    // The notice moved the cart to Brazil: it is not shown again.
    await expect.poll(async () => (await (await page.request.get("/api/cart")).json()).market).toBe("br");
    await page.reload();
    await expect(page.getByTestId("cart-market-notice")).toHaveCount(0);
  });
});

test("the default market's home, which answers each shopper by cookie and headers, is never stored by a shared cache", async ({
  request,
}) => {
  // "/" serves the US home to one shopper and redirects another (cookie, CDN country,
  // Accept-Language): a CDN that stored the 200 would serve it to every market's shopper, who
  // would then never be sent to their market (docs/markets.md#urls).
  const home = await request.get("/", { headers: { "accept-language": "en-US" }, maxRedirects: 0 });
  expect(home.status()).toBe(200);
  const cacheControl = home.headers()["cache-control"] ?? "";
  expect(cacheControl).not.toMatch(/public|s-maxage/);
});

test("a catalog page names its canonical and every hreflang alternate by an absolute URL, as search engines require", async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get(`/id${product}`)).text();
  const links = [...html.matchAll(/<link rel="(?:canonical|alternate)"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  expect(links.length).toBeGreaterThan(5);
  for (const href of links) expect(href.startsWith(`${baseURL}/`), href).toBe(true);
  expect(links).toContain(`${baseURL}/id${product}`);
});

test("a US-only card has no page in Indonesia, and its alternates name only the markets that offer it", async ({
  request,
  baseURL,
}) => {
  // Indonesia offers its own region and global products (docs/markets.md#the-products-a-market-offers).
  const usOnly = "/p/WALMART-US-25";
  expect((await request.get(`/id${usOnly}`)).status()).toBe(404);
  const html = await (await request.get(usOnly)).text();
  const alternates = [...html.matchAll(/<link rel="alternate"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  expect(alternates).toContain(`${baseURL}${usOnly}`);
  expect(alternates.filter((href) => href.startsWith(`${baseURL}/id`))).toEqual([]);
  // Indonesia's listing shows no US-only card either.
  expect(await (await request.get("/id/search?q=walmart")).text()).not.toContain("WALMART-US-25");
});
