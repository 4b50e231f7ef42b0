// Static material for the generated sandbox catalog: brands, regions, exchange rates.

export type RegionDef = { region: string; currency: string; countries: string[] };

export const regions: Record<string, RegionDef> = {
  US: { region: "US", currency: "USD", countries: ["US"] },
  EU: { region: "EU", currency: "EUR", countries: ["DE", "FR", "IT", "ES", "NL"] },
  UK: { region: "UK", currency: "GBP", countries: ["GB"] },
  CA: { region: "CA", currency: "CAD", countries: ["CA"] },
  AU: { region: "AU", currency: "AUD", countries: ["AU"] },
  BR: { region: "BR", currency: "BRL", countries: ["BR"] },
  IN: { region: "IN", currency: "INR", countries: ["IN"] },
  GLOBAL: { region: "Global", currency: "USD", countries: ["US", "GB", "DE", "FR", "CA", "AU", "BR", "IN"] },
};

/** USD cents per unit of each currency ×100 (so 108 = 1.08 USD). Wallet currency is USD. */
export const usdRate: Record<string, number> = { USD: 100, EUR: 108, GBP: 127, CAD: 73, AUD: 66, BRL: 20, INR: 1.2 };

export type TopUpField = { key: string; label: string };

export type BrandDef = {
  code: string;
  brand: string;
  category: string;
  productType: string;
  regions: string[];
  denoms: number[];
  codeFormat: string;
  deliveryType?: "DIGITAL" | "PHYSICAL" | "BOTH";
  /** Direct top-ups: the unit sold and its USD cents per unit; fields the buyer types. */
  unit?: string;
  unitCents?: number;
  fields?: TopUpField[];
};

const money = [10, 25, 50, 100];
const playerId: TopUpField = { key: "player_id", label: "Player ID" };

export const brands: BrandDef[] = [
  { code: "STEAM", brand: "Steam", category: "Gaming", productType: "game_card", regions: ["US", "EU", "UK"], denoms: [5, 10, 20, 50, 100], codeFormat: "alphanumeric" },
  { code: "PSN", brand: "PlayStation", category: "Gaming", productType: "game_card", regions: ["US", "EU", "UK"], denoms: [10, 20, 50, 100], codeFormat: "alphanumeric" },
  { code: "XBOX", brand: "Xbox", category: "Gaming", productType: "game_card", regions: ["US", "EU"], denoms: [10, 25, 50, 100], codeFormat: "alphanumeric" },
  { code: "NINTENDO", brand: "Nintendo eShop", category: "Gaming", productType: "game_card", regions: ["US", "EU"], denoms: [10, 20, 35, 50], codeFormat: "alphanumeric", deliveryType: "BOTH" },
  { code: "ROBLOX", brand: "Roblox", category: "Gaming", productType: "game_card", regions: ["GLOBAL"], denoms: [10, 25, 50], codeFormat: "numeric" },
  { code: "MINECRAFT", brand: "Minecraft", category: "Gaming", productType: "game", regions: ["GLOBAL"], denoms: [27, 30], codeFormat: "alphanumeric" },
  { code: "FORTNITE", brand: "Fortnite", category: "Gaming", productType: "game", regions: ["GLOBAL"], denoms: [8, 20, 40], codeFormat: "alphanumeric" },
  { code: "EAPLAY", brand: "EA Play", category: "Gaming", productType: "subscription", regions: ["US", "UK"], denoms: [5, 30], codeFormat: "alphanumeric" },
  { code: "AMAZON", brand: "Amazon", category: "Shopping", productType: "gift_card", regions: ["US", "UK", "EU", "CA"], denoms: [10, 25, 50, 100, 200], codeFormat: "alphanumeric", deliveryType: "BOTH" },
  { code: "WALMART", brand: "Walmart", category: "Shopping", productType: "gift_card", regions: ["US"], denoms: [25, 50, 100], codeFormat: "numeric", deliveryType: "PHYSICAL" },
  { code: "TARGET", brand: "Target", category: "Shopping", productType: "gift_card", regions: ["US"], denoms: money, codeFormat: "numeric" },
  { code: "IKEA", brand: "IKEA", category: "Shopping", productType: "gift_card", regions: ["EU", "UK", "AU"], denoms: [25, 50, 100], codeFormat: "numeric" },
  { code: "ZALANDO", brand: "Zalando", category: "Shopping", productType: "gift_card", regions: ["EU"], denoms: [20, 50, 100], codeFormat: "alphanumeric" },
  { code: "EBAY", brand: "eBay", category: "Shopping", productType: "gift_card", regions: ["US", "UK"], denoms: money, codeFormat: "alphanumeric" },
  { code: "FLIPKART", brand: "Flipkart", category: "Shopping", productType: "gift_card", regions: ["IN"], denoms: [500, 1000, 2000], codeFormat: "alphanumeric" },
  { code: "NETFLIX", brand: "Netflix", category: "Entertainment", productType: "subscription", regions: ["US", "EU", "UK", "BR"], denoms: [15, 25, 50], codeFormat: "alphanumeric" },
  { code: "SPOTIFY", brand: "Spotify", category: "Entertainment", productType: "subscription", regions: ["US", "EU", "UK"], denoms: [10, 30, 60], codeFormat: "alphanumeric" },
  { code: "DISNEY", brand: "Disney+", category: "Entertainment", productType: "subscription", regions: ["US", "EU"], denoms: [25, 50], codeFormat: "alphanumeric" },
  { code: "TWITCH", brand: "Twitch", category: "Entertainment", productType: "gift_card", regions: ["US"], denoms: [10, 25, 50], codeFormat: "alphanumeric" },
  { code: "APPLE", brand: "Apple", category: "Entertainment", productType: "app_store", regions: ["US", "UK", "EU", "AU"], denoms: [10, 25, 50, 100], codeFormat: "alphanumeric" },
  { code: "GPLAY", brand: "Google Play", category: "Entertainment", productType: "app_store", regions: ["US", "UK", "EU", "IN", "BR"], denoms: [10, 25, 50], codeFormat: "alphanumeric" },
  { code: "PUBGM", brand: "PUBG Mobile", category: "Mobile", productType: "direct_top_up", regions: ["GLOBAL"], denoms: [60, 325, 660, 1800], codeFormat: "none", unit: "UC", unitCents: 1.6, fields: [playerId] },
  { code: "FREEFIRE", brand: "Free Fire", category: "Mobile", productType: "direct_top_up", regions: ["GLOBAL"], denoms: [100, 310, 520, 1060], codeFormat: "none", unit: "Diamonds", unitCents: 1, fields: [playerId] },
  { code: "MLBB", brand: "Mobile Legends", category: "Mobile", productType: "direct_top_up", regions: ["GLOBAL"], denoms: [86, 172, 257, 706], codeFormat: "none", unit: "Diamonds", unitCents: 2, fields: [playerId, { key: "zone_id", label: "Zone ID" }] },
  { code: "GENSHIN", brand: "Genshin Impact", category: "Mobile", productType: "direct_top_up", regions: ["GLOBAL"], denoms: [60, 300, 980, 1980], codeFormat: "none", unit: "Genesis Crystals", unitCents: 1.7, fields: [{ key: "player_id", label: "UID" }, { key: "server_id", label: "Server" }] },
  { code: "STARBUCKS", brand: "Starbucks", category: "Food & Drink", productType: "gift_card", regions: ["US", "UK", "CA"], denoms: [5, 10, 25, 50], codeFormat: "numeric" },
  { code: "UBEREATS", brand: "Uber Eats", category: "Food & Drink", productType: "gift_card", regions: ["US", "UK", "AU"], denoms: [15, 25, 50], codeFormat: "alphanumeric" },
  { code: "DOORDASH", brand: "DoorDash", category: "Food & Drink", productType: "gift_card", regions: ["US", "CA"], denoms: [15, 25, 50, 100], codeFormat: "alphanumeric" },
  { code: "DOMINOS", brand: "Domino's", category: "Food & Drink", productType: "gift_card", regions: ["US", "UK", "AU"], denoms: [10, 20, 40], codeFormat: "numeric" },
  { code: "MS365", brand: "Microsoft 365", category: "Software", productType: "software", regions: ["US", "EU", "UK"], denoms: [70, 100], codeFormat: "alphanumeric" },
  { code: "NORTON", brand: "Norton", category: "Software", productType: "software", regions: ["GLOBAL"], denoms: [40, 60], codeFormat: "alphanumeric" },
  { code: "UBER", brand: "Uber", category: "Travel", productType: "service", regions: ["US", "UK", "AU"], denoms: [25, 50, 100], codeFormat: "alphanumeric" },
  { code: "AIRBNB", brand: "Airbnb", category: "Travel", productType: "service", regions: ["US", "EU"], denoms: [50, 100, 200], codeFormat: "alphanumeric" },
  { code: "VISA", brand: "Visa Prepaid", category: "Shopping", productType: "other", regions: ["US"], denoms: [25, 50, 100], codeFormat: "pin", deliveryType: "PHYSICAL" },
];

export type TestSkuDef = { code: string; name: string; behavior: string; stock: number; fields?: TopUpField[] };

/** Products of type `test` with fixed, documented behaviour. */
export const testSkus: TestSkuDef[] = [
  { code: "TEST-INSTANT", name: "Test instant order", behavior: "instant", stock: 1_000_000 },
  { code: "TEST-PENDING", name: "Test pending order, completes later", behavior: "pending", stock: 1_000_000 },
  { code: "TEST-PENDING-FAIL", name: "Test pending order, fails later", behavior: "pending_fail", stock: 1_000_000 },
  { code: "TEST-FAIL", name: "Test terminal failure", behavior: "fail", stock: 1_000_000 },
  { code: "TEST-OOS", name: "Test out of stock", behavior: "instant", stock: 0 },
  { code: "TEST-UNSUPPORTED", name: "Test not supported", behavior: "unsupported", stock: 1_000_000 },
  { code: "TEST-TOPUP", name: "Test direct top-up", behavior: "instant", stock: 1_000_000, fields: [playerId] },
  { code: "TEST-TOPUP-PENDING", name: "Test direct top-up, completes later", behavior: "pending", stock: 1_000_000, fields: [playerId] },
];
